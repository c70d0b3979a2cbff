import { Field, ID, InputType, ObjectType } from 'type-graphql';

@ObjectType('ExternalService', { description: 'A sequencer or other service samples are sent to.' })
export class ExternalServiceType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { nullable: true })
  version!: string | null;

  @Field(() => Boolean)
  deleted!: boolean;
}

@ObjectType('SampleState', { description: 'A state the samples of a request type pass through.' })
export class SampleStateType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  desc!: string;
}

@ObjectType('RequestType')
export class RequestTypeType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  desc!: string;

  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}

@InputType('ExternalServiceInput')
export class ExternalServiceInputType {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => String, { nullable: true })
  version?: string;

  @Field(() => String, { description: "The platform's external service type id (e.g. 'simple_unknown_sequencer')." })
  externalServiceType!: string;
}

@InputType('RequestTypeInput', { description: 'Every field is checked by the service (the REST route names what is missing).' })
export class RequestTypeInputType {
  @Field(() => String, { nullable: true, description: 'Name, description and <sample_states><state name="…"/></sample_states>.' })
  xmlText?: string;

  @Field(() => ID, { nullable: true })
  requestFormId?: string;

  @Field(() => ID, { nullable: true })
  sampleFormId?: string;

  @Field(() => ID, { nullable: true })
  externalServiceId?: string;

  @Field(() => [ID], { nullable: true, description: 'Roles receiving the access permission; none: open to everyone.' })
  roleIds?: string[];

  @Field(() => ID, { nullable: true, description: 'The run-details template of its samples.' })
  runDetailsFormId?: string;
}
