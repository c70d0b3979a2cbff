import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { JSONScalar } from '../shared/scalars';

@ObjectType('Sample')
export class SampleType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  desc!: string;

  @Field(() => String, { nullable: true, description: "The newest event's state; none until the request is submitted." })
  state!: string | null;

  @Field(() => JSONScalar, { description: "The sample form's values, by field name." })
  values!: Record<string, unknown>;

  @Field(() => String, { nullable: true })
  barCode!: string | null;

  @Field(() => JSONScalar, { description: 'Run details recorded by administrators, by field of the run-details form.' })
  runDetails!: Record<string, unknown>;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}

@ObjectType('SampleEvent')
export class SampleEventType {
  @Field(() => String)
  state!: string;

  @Field(() => String)
  stateDesc!: string;

  @Field(() => String)
  comment!: string;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}

@ObjectType('SampleDataset', { description: 'A file of a sample on its way from the sequencer into the data library.' })
export class SampleDatasetType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  filePath!: string;

  @Field(() => String, { description: 'Not started, In queue, Transferring dataset, Adding to data library, Complete or Error.' })
  status!: string;

  @Field(() => String)
  errorMsg!: string;

  @Field(() => String)
  size!: string;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}

@InputType('SampleInput')
export class SampleInputType {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => JSONScalar, { nullable: true, description: "The sample form's values, by field name." })
  values?: unknown;

  @Field(() => ID, { nullable: true, description: "The data library the sample's datasets go to (with folderId)." })
  libraryId?: string;

  @Field(() => ID, { nullable: true, description: "The folder ('F' + encoded id) of that library." })
  folderId?: string;
}

@InputType('SampleDatasetInput')
export class SampleDatasetInputType {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  filePath?: string;

  @Field(() => String, { nullable: true })
  size?: string;

  @Field(() => ID, { nullable: true })
  externalServiceId?: string;
}

@InputType('SampleUpdateInput', { description: 'PUT /api/samples/{id}: the update type and what it reads (checked by the service).' })
export class SampleUpdateInputType {
  @Field(() => String, { nullable: true, description: 'sample_state, run_details or sample_dataset_transfer_status.' })
  updateType?: string;

  @Field(() => String, { nullable: true })
  newState?: string;

  @Field(() => String, { nullable: true })
  comment?: string;

  @Field(() => [String], { nullable: true })
  sampleDatasetIds?: string[];

  @Field(() => String, { nullable: true })
  newStatus?: string;

  @Field(() => String, { nullable: true })
  errorMsg?: string;

  @Field(() => String, { nullable: true })
  deferredPlugin?: string;

  @Field(() => JSONScalar, { nullable: true, description: 'Values of the run-details form, by field name.' })
  runDetails?: Record<string, unknown>;
}
