import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { JSONScalar } from '../shared/scalars';

@ObjectType('Request', { description: "A user's sequencing request." })
export class SequencingRequestType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  desc!: string;

  @Field(() => String, { nullable: true, description: "New, In Progress (submitted), Rejected or Complete: the newest event's state." })
  state!: string | null;

  @Field(() => JSONScalar, { description: "The request form's values, by field name." })
  values!: Record<string, unknown>;

  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}

@ObjectType('RequestEvent')
export class RequestEventType {
  @Field(() => String)
  state!: string;

  @Field(() => String)
  comment!: string;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}

@InputType('RequestInput')
export class RequestInputType {
  @Field(() => ID)
  requestTypeId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => JSONScalar, { nullable: true, description: "The request form's values, by field name." })
  values?: unknown;
}

@ObjectType('SampleTrackingUpdate', { description: 'What an update answers: the platform returns (status, message).' })
export class SampleTrackingUpdateType {
  @Field(() => Int)
  status!: number;

  @Field(() => String)
  message!: string;
}
