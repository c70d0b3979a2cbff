import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { JSONObjectScalar, JSONScalar } from '../shared/scalars';

@ObjectType('Workflow', { description: "A stored workflow; its contents are the latest version's steps." })
export class WorkflowType {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  slug!: string | null;

  @Field(() => Boolean)
  published!: boolean;

  @Field(() => Boolean)
  importable!: boolean;

  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => String, { nullable: true })
  annotation!: string | null;

  @Field(() => [String], { description: 'name or name:value' })
  tags!: string[];

  @Field(() => String, { nullable: true })
  latestWorkflowUuid!: string | null;

  @Field(() => String, { nullable: true, description: "The owner's public name." })
  owner!: string | null;

  @Field(() => Boolean)
  hasErrors!: boolean;

  @Field(() => Boolean)
  hasCycles!: boolean;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}

@ObjectType('WorkflowVersion', { description: 'One version of a workflow (every update of its contents writes one).' })
export class WorkflowVersionType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  uuid!: string;

  @Field(() => Boolean)
  hasCycles!: boolean;

  @Field(() => Boolean)
  hasErrors!: boolean;

  @Field(() => Int)
  stepCount!: number;

  @Field(() => Date)
  createTime!: Date;
}

@ObjectType('WorkflowStepConnection', { description: 'An input of a step fed by the output of an earlier step.' })
export class StepConnectionType {
  @Field(() => String)
  inputName!: string;

  @Field(() => Int, { description: 'Order index of the step the input comes from.' })
  stepIndex!: number;

  @Field(() => String)
  outputName!: string;
}

@ObjectType('WorkflowStep')
export class WorkflowStepType {
  @Field(() => Int)
  orderIndex!: number;

  @Field(() => String, { description: 'data_input, data_collection_input or tool' })
  type!: string;

  @Field(() => String, { nullable: true })
  toolId!: string | null;

  @Field(() => String, { nullable: true })
  toolVersion!: string | null;

  @Field(() => JSONObjectScalar, { description: "The step's state (input name and collection type, or the tool's parameters)." })
  toolInputs!: Record<string, unknown>;

  @Field(() => String, { nullable: true })
  label!: string | null;

  @Field(() => String)
  uuid!: string;

  @Field(() => String, { nullable: true })
  annotation!: string | null;

  @Field(() => JSONObjectScalar, { nullable: true })
  position!: Record<string, unknown> | null;
}

@ObjectType('WorkflowInvocation')
export class InvocationType {
  @Field(() => String)
  uuid!: string;

  @Field(() => String, { description: 'new, ready, scheduled, failed or cancelled' })
  state!: string;

  @Field(() => String, { nullable: true, description: 'Why scheduling failed.' })
  message!: string | null;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}

@ObjectType('WorkflowInvocationInput', { description: 'What the run gave an input step.' })
export class InvocationInputType {
  @Field(() => Int)
  orderIndex!: number;

  @Field(() => String, { description: 'hda or hdca' })
  src!: string;
}

@ObjectType('WorkflowInvocationStep')
export class InvocationStepType {
  @Field(() => Int)
  orderIndex!: number;

  @Field(() => String)
  workflowStepUuid!: string;

  @Field(() => String, { nullable: true })
  workflowStepLabel!: string | null;

  @Field(() => String)
  state!: string;

  @Field(() => Date)
  updateTime!: Date;
}

@ObjectType('WorkflowInvocationOutput', { description: 'An output of a scheduled step: a dataset, or a collection when the step mapped over one.' })
export class InvocationOutputType {
  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'hda or hdca' })
  src!: string;
}

@ObjectType('WorkflowRequestResult', { description: 'What POST /api/workflows did: a workflow made, or a run invoked.' })
export class WorkflowRequestResultType {
  @Field(() => WorkflowType, { nullable: true })
  workflow!: WorkflowType | null;

  @Field(() => InvocationType, { nullable: true })
  invocation!: InvocationType | null;
}

@InputType('RunWorkflowInput')
export class RunWorkflowInputType {
  @Field(() => JSONScalar, { nullable: true, description: 'Input step -> {src: hda|ldda|ld|hdca, id} (an object or its JSON text).' })
  inputs?: unknown;

  @Field(() => Boolean, { nullable: true, description: 'Inputs keyed by database step id (the legacy ds_map).' })
  legacyInputs?: boolean;

  @Field(() => String, { nullable: true, description: 'step_id, step_index, step_uuid or name, joined by |' })
  inputsBy?: string;

  @Field(() => JSONScalar, { nullable: true, description: 'Tool id, step or step uuid -> parameters.' })
  parameters?: unknown;

  @Field(() => String, { nullable: true, description: 'A new history name, or hist_id=<id>.' })
  history?: string;

  @Field(() => String, { nullable: true })
  historyId?: string;

  @Field(() => String, { nullable: true })
  historyName?: string;

  @Field(() => Boolean, { nullable: true })
  noAddToHistory?: boolean;

  @Field(() => JSONScalar, { nullable: true })
  replacementParams?: unknown;
}

@InputType('WorkflowExtractionInput')
export class ExtractionInputType {
  @Field(() => String, { nullable: true })
  fromHistoryId?: string;

  @Field(() => JSONScalar, { nullable: true, description: 'Encoded job ids.' })
  jobIds?: unknown;

  @Field(() => JSONScalar, { nullable: true, description: 'Hids of datasets that become inputs.' })
  datasetIds?: unknown;

  @Field(() => JSONScalar, { nullable: true, description: 'Hids of collections that become inputs.' })
  datasetCollectionIds?: unknown;

  @Field(() => String, { nullable: true })
  workflowName?: string;
}

@InputType('WorkflowRequestInput', { description: 'POST /api/workflows: exactly one of workflowId, installedRepositoryFile, fromHistoryId, sharedWorkflowId, workflow.' })
export class WorkflowRequestInputType {
  @Field(() => [String], { description: 'The payload keys given.' })
  given!: string[];

  @Field(() => String, { nullable: true })
  workflowId?: string;

  @Field(() => String, { nullable: true })
  installedRepositoryFile?: string;

  @Field(() => String, { nullable: true })
  sharedWorkflowId?: string;

  @Field(() => JSONScalar, { nullable: true, description: 'A .ga workflow (an object or its JSON text).' })
  workflow?: unknown;

  @Field(() => Boolean, { nullable: true })
  publish?: boolean;

  @Field(() => Boolean, { nullable: true })
  importable?: boolean;

  @Field(() => RunWorkflowInputType, { nullable: true })
  run?: RunWorkflowInputType;

  @Field(() => ExtractionInputType, { nullable: true })
  extraction?: ExtractionInputType;
}

@InputType('BuildModuleInput')
export class BuildModuleInputType {
  @Field(() => String, { nullable: true })
  toolId?: string;

  @Field(() => String, { nullable: true })
  toolVersion?: string;

  @Field(() => JSONScalar, { nullable: true })
  inputs?: unknown;

  @Field(() => String, { nullable: true })
  annotation?: string;
}
