import type { EntityManager } from '@mikro-orm/postgresql';
import { type JobRunResult, tail } from './job-result';

/** The job's row as a run that ends is recorded: where and how it ran. */
export interface RunOfJob {
  id: number;
  resubmissions: number;
  destinationId: string | null;
  runner: string | null;
  externalId: string | null;
}

/** What an attempt keeps of a run's result and the job's row. */
function attemptValues(job: RunOfJob, state: string, result: JobRunResult, info: string | null): unknown[] {
  return [
    job.id,
    job.resubmissions + 1,
    state,
    job.destinationId,
    job.runner,
    job.externalId,
    result.externalState ?? null,
    result.limitReached ?? null,
    info === null ? null : tail(info, 2000),
    result.startEpoch,
    result.endEpoch,
  ];
}

/**
 * Records the run that just ended as the job's attempt number `resubmissions + 1` (job_attempt):
 * abandoned (`resubmitted`) or the job's end (`ok`, `error`). Called in the transaction that records
 * the run's outcome, so the attempt and the job's state always agree.
 */
export async function recordAttempt(tx: EntityManager, job: RunOfJob, state: string, result: JobRunResult, info: string | null): Promise<void> {
  await tx.execute(
    `insert into job_attempt (job_id, number, state, destination_id, runner, external_id, external_state, limit_reached, info, start_time, end_time)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, to_timestamp(?), to_timestamp(?))`,
    attemptValues(job, state, result, info),
  );
}
