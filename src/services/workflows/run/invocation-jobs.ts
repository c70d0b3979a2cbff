import type { EntityManager } from '@mikro-orm/postgresql';
import { setOutputStates } from '../../../jobs/job-claims';

/** Job states in which a job may still run (a cancelled invocation stops them). */
const UNFINISHED = "('new', 'upload', 'waiting', 'queued', 'running', 'paused', 'resubmitted')";

/**
 * Stops the unfinished jobs of an invocation: they become `deleted` (a runner finishing one drops
 * its result) and their outputs `discarded`.
 */
export async function cancelInvocationJobs(em: EntityManager, invocationId: number, info: string): Promise<number> {
  const rows = await em.execute<Array<{ id: number }>>(
    `update job set state = 'deleted', handler = null, end_time = now(), update_time = now(), info = ?
     where state in ${UNFINISHED} and id in (
       select sj.job_id from workflow_invocation_step_job sj
       join workflow_invocation_step s on s.id = sj.invocation_step_id
       where s.invocation_id = ?)
     returning id`,
    [info, invocationId],
  );
  await setOutputStates(em, rows.map((row) => Number(row.id)), 'discarded', info);
  return rows.length;
}
