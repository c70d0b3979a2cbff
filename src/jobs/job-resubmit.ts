/**
 * Resubmission, as release 15.05 does it (job_conf.xml `<resubmit>`): a run that reached a limit (its
 * memory, its walltime) at a destination with a matching rule does not end the job. In one
 * transaction the run is recorded as an attempt (state `resubmitted`), and the job becomes
 * `resubmitted` with 15.05's message, sent to the rule's destination (kept in
 * `resubmit_destination_id`: claims route it there, not where its tool maps), its batch system's id
 * and state and its claim cleared, its claims for crash recovery (`attempts`) counted anew, and its
 * outputs (the same datasets) queued again; its working directory is removed. A runner of the new
 * destination claims it as it claims a queued job. Nothing else of the abandoned run is kept: no
 * outputs, no metrics (a job's metrics are those of the run that ended it).
 * JOB_MAX_RESUBMITS bounds one job's resubmissions (15.05 has no bound but the configuration); past
 * it, or without a matching rule, the job ends as any run that reached its limit, the message saying
 * how many times it was resubmitted.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logging/logger';
import type { ObjectStore } from '../storage/object-store';
import type { ResubmitCondition } from './job-conf';
import { recordAttempt } from './job-attempts';
import { setOutputStates } from './job-claims';
import { finishJob, stillHeld } from './job-finish';
import type { JobRunResult } from './job-result';
import type { JobRouting } from './job-routing';
import type { JobWorkspace } from './job-workspace';

/** How a run's end was recorded: the job ended, went on to another destination, or was no longer the runner's. */
export type RunOutcome = 'finished' | 'resubmitted' | 'dropped';

/** 15.05's words for why a job went back to the queue (`job.info` while it waits). */
const BECAUSE: Record<ResubmitCondition, string> = {
  memory_limit_reached: 'it exceeded the amount of allocated memory',
  walltime_reached: 'it reached the walltime',
};

export const resubmittedInfo = (limit: ResubmitCondition): string => `This job was resubmitted to the queue because ${BECAUSE[limit]} on its compute resource.`;

/** What the failure of a job the bound stopped adds. */
function boundNote(resubmissions: number): string {
  if (resubmissions === 0) return 'It was not resubmitted: this server resubmits no job (JOB_MAX_RESUBMITS is 0).';
  return `It was not resubmitted again: it had been resubmitted ${resubmissions} ${resubmissions === 1 ? 'time' : 'times'}, the most this server allows.`;
}

type Decision = { resubmitted: true } | { resubmitted: false; stoppedAfter: number | null };

interface HeldRow {
  state: string;
  handler: string | null;
  destination_id: string | null;
  resubmissions: number;
  runner: string | null;
  external_id: string | null;
}

/**
 * Sends the job on when its destination has a rule for the limit its run reached and it has
 * resubmissions left; otherwise says whether the bound stopped it (how many times it was resubmitted).
 */
async function resubmitOnLimit(
  em: EntityManager,
  routing: JobRouting,
  jobId: number,
  workspace: JobWorkspace,
  result: JobRunResult,
  limit: ResubmitCondition,
  log: Logger,
  handler: string | null,
): Promise<Decision> {
  const decision = await em.fork().transactional(async (tx): Promise<Decision & { from?: string | null; to?: string }> => {
    const [row] = await tx.execute<HeldRow[]>(
      'select state, handler, destination_id, resubmissions, runner, external_id from job where id = ? for update',
      [jobId],
    );
    // A job no longer this runner's is left to finishJob, which drops the result.
    if (!row || !stillHeld(row.state, row.handler, handler)) return { resubmitted: false, stoppedAfter: null };
    const rule = routing.resubmitRule(row.destination_id, limit);
    if (rule === null) return { resubmitted: false, stoppedAfter: null };
    const resubmissions = Number(row.resubmissions);
    if (resubmissions >= routing.maxResubmits) return { resubmitted: false, stoppedAfter: resubmissions };
    const job = { id: jobId, resubmissions, destinationId: row.destination_id, runner: row.runner, externalId: row.external_id };
    await recordAttempt(tx, job, 'resubmitted', result, result.failure);
    await tx.execute(
      `update job set state = 'resubmitted', info = ?, destination_id = ?, resubmit_destination_id = ?, resubmissions = resubmissions + 1,
              attempts = 0, runner = null, handler = null, external_id = null, external_state = null, exit_code = null,
              stdout = '', stderr = '', start_time = null, heartbeat_time = null, update_time = now()
       where id = ?`,
      [resubmittedInfo(limit), rule.destinationId, rule.destinationId, jobId],
    );
    await setOutputStates(tx, [jobId], 'queued', null);
    // Cleared before the commit: once it is committed, a runner may claim the job and fill the directory again.
    await workspace.remove();
    return { resubmitted: true, from: row.destination_id, to: rule.destinationId };
  });
  if (decision.resubmitted) log.info({ jobId, limit, from: decision.from, to: decision.to }, 'job resubmitted to another destination');
  return decision;
}

/**
 * Records how a run ended: a run that reached a limit its destination resubmits for goes on to the
 * rule's destination; any other end is recorded by finishJob (see there), its failure saying when
 * the bound on resubmissions stopped the job.
 */
export async function recordRunEnd(
  em: EntityManager,
  routing: JobRouting,
  jobId: number,
  workspace: JobWorkspace,
  store: ObjectStore,
  result: JobRunResult,
  log: Logger,
  handler: string | null,
): Promise<RunOutcome> {
  let ending = result;
  if (result.limitReached) {
    const decision = await resubmitOnLimit(em, routing, jobId, workspace, result, result.limitReached, log, handler);
    if (decision.resubmitted) return 'resubmitted';
    if (decision.stoppedAfter !== null) ending = { ...result, failure: `${result.failure ?? 'The job reached a limit.'}\n${boundNote(decision.stoppedAfter)}` };
  }
  return (await finishJob(em, jobId, workspace, store, ending, log, handler)) ? 'finished' : 'dropped';
}
