import type { MikroORM } from '@mikro-orm/postgresql';
import type { DatabaseSignals } from '../db/signals';
import type { IdCodec } from '../ids/id-codec';
import type { Logger } from '../logging/logger';
import type { DataLayout } from '../storage/data-layout';
import type { ToolRegistry } from '../tools';
import type { JobRouting } from './job-routing';

/** What a runner of jobs works with: the database, the files, the tools, where jobs go, the signals. */
export interface JobRunnerDeps {
  orm: MikroORM;
  layout: DataLayout;
  tools: ToolRegistry;
  ids: IdCodec;
  log: Logger;
  /** Where jobs go (job_conf.xml; without one, every job is local). */
  routing: JobRouting;
  /** PostgreSQL's signals: a job queued by any process wakes this one's runners. */
  signals?: DatabaseSignals;
}

/**
 * A runner that hands the jobs of its destinations to a batch system (Slurm) beside the engine's own
 * local workers: it claims them from the queue (SKIP LOCKED, shared with every process), submits them,
 * watches them until they end and records their results. The engine starts it, wakes it when a job
 * is queued and stops it; which runners a process has follows the runner plugins of job_conf.xml
 * (src/jobs/runner-plugins.ts).
 */
export interface BatchJobRunner {
  /** The job_conf.xml runner kind whose destinations it serves ('slurm'). */
  readonly kind: string;
  start(): void;
  /** A job was queued: look for work now rather than at the next poll. */
  notify(): void;
  /** Stops claiming and watching; its jobs stay with the batch system, found again by the next start. */
  stop(): Promise<void>;
}
