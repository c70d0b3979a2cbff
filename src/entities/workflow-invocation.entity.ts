import { Entity, Index, JsonType, ManyToOne, PrimaryKey, Property, Unique, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { History } from './history.entity';
import { Job } from './job.entity';
import { User } from './user.entity';
import { Workflow, WorkflowStep } from './workflow.entity';

/** The platform's invocation states: `new` until scheduled, then `scheduled`, or `failed`/`cancelled`. */
export const INVOCATION_STATES = ['new', 'ready', 'scheduled', 'failed', 'cancelled'] as const;
export type InvocationState = (typeof INVOCATION_STATES)[number];

/** A dataset or collection of the target history, as a step input or output. */
export interface ContentRef {
  src: 'hda' | 'hdca';
  id: number;
}

/** What the run asked for, resolved once when the invocation is created. */
export interface InvocationRequest {
  /** Input step order index -> the history content given for it. */
  inputs: Record<string, ContentRef>;
  /** Step order index -> flat tool parameters that replace the step's own. */
  stepParameters: Record<string, Record<string, unknown>>;
  replacementParams: Record<string, string>;
}

/** One run of a workflow version in a history. Scheduling is a durable task that fills its steps. */
@Entity({ tableName: 'workflow_invocation' })
@Index({ properties: ['workflow'] })
@Index({ properties: ['user', 'createTime'] })
@Index({ properties: ['history'] })
export class WorkflowInvocation extends BaseEntity {
  @ManyToOne(() => Workflow, { deleteRule: 'cascade' })
  workflow!: Workflow;

  @ManyToOne(() => History, { deleteRule: 'cascade' })
  history!: History;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'string', length: 64 })
  state: InvocationState & Opt = 'new';

  @Property({ type: 'uuid' })
  uuid!: string;

  @Property({ type: JsonType })
  request!: InvocationRequest;

  /** Why scheduling failed, when it did. */
  @Property({ type: 'text', nullable: true })
  message: string | null = null;
}

/**
 * A step of an invocation, written in the transaction that scheduled it (so a scheduler that
 * restarts skips it). `outputs` maps the step's output names to what they became.
 */
@Entity({ tableName: 'workflow_invocation_step' })
@Unique({ properties: ['invocation', 'workflowStep'] })
export class WorkflowInvocationStep extends BaseEntity {
  @ManyToOne(() => WorkflowInvocation, { deleteRule: 'cascade' })
  invocation!: WorkflowInvocation;

  @ManyToOne(() => WorkflowStep, { deleteRule: 'cascade' })
  workflowStep!: WorkflowStep;

  @Property({ type: 'string', length: 64 })
  state: string & Opt = 'scheduled';

  @Property({ type: JsonType })
  outputs: Record<string, ContentRef> & Opt = {};
}

/** The jobs a step created: one, or one per element when the step maps over a collection. */
@Entity({ tableName: 'workflow_invocation_step_job' })
@Unique({ properties: ['job'] })
@Index({ properties: ['invocationStep'] })
export class WorkflowInvocationStepJob {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => WorkflowInvocationStep, { deleteRule: 'cascade' })
  invocationStep!: WorkflowInvocationStep;

  @ManyToOne(() => Job, { deleteRule: 'cascade' })
  job!: Job;
}
