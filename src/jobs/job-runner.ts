import type { MikroORM } from '@mikro-orm/postgresql';
import type { DatabaseOutage } from '../db/database-outage';
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
  /** Whether the database can be reached: a result that could not be recorded waits for it. */
  outage?: DatabaseOutage;
}

/**
 * What runs jobs: the local runner (this process's worker loops, `local-runner.ts`) and each batch
 * system (Slurm, `slurm/slurm-runner.ts`). Each serves the destinations of its kind in
 * job_conf.xml: it claims their queued jobs (SKIP LOCKED, shared with every process), runs or
 * submits them, checks on them until they end, and records their results. The engine starts the
 * runners its process has (runner-plugins.ts makes them from the configuration's plugins), wakes
 * them when a job is queued, and stops them; what a stopped or crashed process leaves is recovered
 * by heartbeat (the engine's sweep) or, for a batch system, found again by its next start.
 */
export interface JobRunner {
  /** The job_conf.xml plugin kind whose destinations it serves ('local', 'slurm'). */
  readonly kind: string;
  /** Recovers what it left before (its own jobs still in the batch system) and starts claiming. */
  start(): void;
  /** A job was queued: look for work now rather than at the next poll. */
  notify(): void;
  /** Stops claiming and checking; what it was running goes back to the queue or stays with the batch system. */
  stop(): Promise<void>;
}
