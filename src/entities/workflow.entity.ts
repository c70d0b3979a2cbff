import { Entity, Index, JsonType, ManyToOne, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { User } from './user.entity';

/**
 * A user's workflow as listed and shared (the platform's StoredWorkflow). Its content lives in
 * versions: every update adds one, and the newest is `latestWorkflow`.
 */
@Entity({ tableName: 'stored_workflow' })
@Index({ properties: ['user', 'deleted'] })
@Index({ properties: ['published', 'deleted'] })
export class StoredWorkflow extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  slug: string | null = null;

  @Property({ type: 'boolean' })
  importable: boolean & Opt = false;

  @Property({ type: 'boolean' })
  published: boolean & Opt = false;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'text', nullable: true })
  annotation: string | null = null;

  /** Set once the first version exists (a stored workflow and its versions refer to each other). */
  @ManyToOne(() => Workflow, { nullable: true, deleteRule: 'set null' })
  latestWorkflow: Workflow | null = null;
}

/** One version of a stored workflow: its steps never change (an update writes a new version). */
@Entity({ tableName: 'workflow' })
@Index({ properties: ['storedWorkflow'] })
export class Workflow extends BaseEntity {
  @ManyToOne(() => StoredWorkflow, { deleteRule: 'cascade' })
  storedWorkflow!: StoredWorkflow;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'uuid' })
  uuid!: string;

  @Property({ type: 'boolean' })
  hasCycles: boolean & Opt = false;

  @Property({ type: 'boolean' })
  hasErrors: boolean & Opt = false;
}

export const WORKFLOW_STEP_TYPES = ['data_input', 'data_collection_input', 'tool'] as const;
export type WorkflowStepType = (typeof WORKFLOW_STEP_TYPES)[number];

/** Where an input of a step comes from: the output of an earlier step (by order index). */
export interface StepConnection {
  stepIndex: number;
  outputName: string;
}

/** A post-job action of a step (rename, hide, change datatype, tag…), as the platform stores it. */
export interface PostJobActionSpec {
  actionType: string;
  outputName: string;
  arguments: Record<string, unknown>;
}

export interface WorkflowOutputSpec {
  outputName: string;
  label: string | null;
  uuid: string | null;
}

/**
 * One step of a version. Connections, post-job actions and workflow outputs are stored with the
 * step (versions are immutable, so one row holds what the step is).
 */
@Entity({ tableName: 'workflow_step' })
@Unique({ properties: ['workflow', 'orderIndex'] })
export class WorkflowStep extends BaseEntity {
  @ManyToOne(() => Workflow, { deleteRule: 'cascade' })
  workflow!: Workflow;

  @Property({ type: 'integer' })
  orderIndex!: number;

  @Property({ type: 'string', length: 64 })
  type!: WorkflowStepType;

  @Property({ type: 'string', length: 255, nullable: true })
  toolId: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  toolVersion: string | null = null;

  /** The step's state, decoded (`name`/`collection_type` of inputs, the tool's parameter tree). */
  @Property({ type: JsonType })
  toolInputs: Record<string, unknown> & Opt = {};

  @Property({ type: 'text', nullable: true })
  label: string | null = null;

  @Property({ type: 'uuid' })
  uuid!: string;

  @Property({ type: 'text', nullable: true })
  annotation: string | null = null;

  @Property({ type: JsonType, nullable: true })
  position: Record<string, unknown> | null = null;

  /** Input name -> the outputs connected to it. */
  @Property({ type: JsonType })
  inputConnections: Record<string, StepConnection[]> & Opt = {};

  @Property({ type: JsonType })
  postJobActions: PostJobActionSpec[] & Opt = [];

  @Property({ type: JsonType })
  workflowOutputs: WorkflowOutputSpec[] & Opt = [];
}

/** A workflow shared with one user, who may then see, run and import it. */
@Entity({ tableName: 'stored_workflow_user_share_association' })
@Unique({ properties: ['storedWorkflow', 'user'] })
@Index({ properties: ['user'] })
export class StoredWorkflowUserShareAssociation {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => StoredWorkflow, { deleteRule: 'cascade' })
  storedWorkflow!: StoredWorkflow;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;
}
