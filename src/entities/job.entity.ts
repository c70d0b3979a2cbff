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
 * A tool run. The table is also the work queue: runners claim `queued` rows with
 * `FOR UPDATE SKIP LOCKED`, and a heartbeat lets the next start recover jobs of a crashed process.
 */
@Entity({ tableName: 'job' })
@Index({ properties: ['state', 'id'] })
@Index({ properties: ['user', 'updateTime'] })
@Index({ properties: ['history'] })
@Index({ properties: ['toolId'] })
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

  /** 'local' or 'remote': who ran (or runs) it. */
  @Property({ type: 'string', length: 64, nullable: true })
  runner: string | null = null;

  /** The process or runner that holds the job while it runs. */
  @Property({ type: 'string', length: 255, nullable: true })
  handler: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  externalId: string | null = null;

  @Property({ type: 'integer' })
  attempts: number & Opt = 0;

  @Property({ type: 'datetime', length: 6, nullable: true })
  heartbeatTime: Date | null = null;

  @Property({ type: 'datetime', length: 6, nullable: true })
  startTime: Date | null = null;

  @Property({ type: 'datetime', length: 6, nullable: true })
  endTime: Date | null = null;
}
