import { Entity, Index, JsonType, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { History } from './history.entity';
import { User } from './user.entity';

export const JOB_STATES = ['new', 'resubmitted', 'upload', 'waiting', 'queued', 'running', 'ok', 'error', 'paused', 'deleted', 'deleted_new'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** States after which a job never runs again (job files refuse them). */
export const FINISHED_JOB_STATES: readonly JobState[] = ['ok', 'error', 'deleted', 'deleted_new'];
/** States in which a job may still run: deleting a history or cancelling an invocation stops them. */
export const ACTIVE_JOB_STATES: readonly JobState[] = ['new', 'upload', 'waiting', 'queued', 'running', 'paused', 'resubmitted'];

export type JobParams = Record<string, unknown>;

/**
 * A tool run. The table is also the work queue: runners claim `queued` (and `resubmitted`) rows with
 * `FOR UPDATE SKIP LOCKED`, and a heartbeat lets the next start recover jobs of a crashed process.
 */
@Entity({ tableName: 'job' })
@Index({ properties: ['state', 'id'] })
@Index({ properties: ['user', 'updateTime'] })
@Index({ properties: ['history'] })
@Index({ properties: ['toolId'] })
@Index({ name: 'job_state_update_time_id_index', properties: ['state', 'updateTime', 'id'] })
@Index({ name: 'job_update_time_id_index', properties: ['updateTime', 'id'] })
@Index({ name: 'job_destination_id_update_time_id_index', properties: ['destinationId', 'updateTime', 'id'] })
@Index({ name: 'job_external_open_index', expression: 'create index "job_external_open_index" on "job" ("handler") where "external_state" is not null' })
@Index({ name: 'job_claimable_index', expression: `create index "job_claimable_index" on "job" ("id") where "state" in ('queued', 'resubmitted') and "handler" is null and "external_state" is null` })
export class Job extends BaseEntity {
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  user: User | null = null;

  @ManyToOne(() => History, { nullable: true, deleteRule: 'set null' })
  history: History | null = null;

  @Property({ type: 'string', length: 255 })
  toolId!: string;

  @Property({ type: 'string', length: 64 })
  toolVersion: string & Opt = '1.0.0';

  @Property({ type: 'string', length: 64 })
  state: JobState & Opt = 'new';

  /** The tool's parameters as submitted (flat names to raw values), for show and search. */
  @Property({ type: JsonType })
  params: JobParams & Opt = {};

  @Property({ type: 'text', nullable: true })
  commandLine: string | null = null;

  @Property({ type: 'integer', nullable: true })
  exitCode: number | null = null;

  @Property({ type: 'text' })
  stdout: string & Opt = '';

  @Property({ type: 'text' })
  stderr: string & Opt = '';

  @Property({ type: 'text', nullable: true })
  info: string | null = null;

  /** 'local', 'remote' or 'slurm': who ran (or runs) it. */
  @Property({ type: 'string', length: 64, nullable: true })
  runner: string | null = null;

  /** The job_conf.xml destination it was routed to when a runner claimed it. */
  @Property({ type: 'string', length: 255, nullable: true })
  destinationId: string | null = null;

  /**
   * The batch system's state of a job it holds (PENDING, RUNNING…): set when the job is submitted,
   * null again once the batch system is done with it. While set, the job belongs to the batch
   * system: no runner claims it again, and a restarted server follows it (external_id).
   */
  @Property({ type: 'string', length: 32, nullable: true })
  externalState: string | null = null;

  /** The process or runner that holds the job while it runs. */
  @Property({ type: 'string', length: 255, nullable: true })
  handler: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  externalId: string | null = null;

  /** Claims of the current run (a crashed process's job is claimed again); a resubmission starts them again. */
  @Property({ type: 'integer' })
  attempts: number & Opt = 0;

  /** Times a `<resubmit>` rule sent the job on to another destination (JOB_MAX_RESUBMITS bounds them). */
  @Property({ type: 'integer' })
  resubmissions: number & Opt = 0;

  /** The destination a resubmission sent the job to: claims route it there rather than where its tool maps. */
  @Property({ type: 'string', length: 255, nullable: true })
  resubmitDestinationId: string | null = null;

  @Property({ type: 'datetime', length: 6, nullable: true })
  heartbeatTime: Date | null = null;

  @Property({ type: 'datetime', length: 6, nullable: true })
  startTime: Date | null = null;

  @Property({ type: 'datetime', length: 6, nullable: true })
  endTime: Date | null = null;
}
