import type { EntityManager } from '@mikro-orm/postgresql';
import { ACTIVE_JOB_STATES } from '../../../entities/job.entity';
import { setOutputStates } from '../../../jobs/job-claims';

/** The job states that may still run, as an SQL list (constants of the job model, not input). */
const ACTIVE_STATES_SQL = `(${ACTIVE_JOB_STATES.map((state) => `'${state}'`).join(', ')})`;

/**
 * Stops the unfinished jobs of an invocation: they become `deleted` (a runner finishing one drops
 * its result) and their outputs `discarded`.
 */
export async function cancelInvocationJobs(em: EntityManager, invocationId: number, info: string): Promise<number> {
  const rows = await em.execute<Array<{ id: number }>>(
    `update job set state = 'deleted', handler = null, end_time = now(), update_time = now(), info = ?
     where state in ${ACTIVE_STATES_SQL} and id in (
       select sj.job_id from workflow_invocation_step_job sj
       join workflow_invocation_step s on s.id = sj.invocation_step_id
       where s.invocation_id = ?)
     returning id`,
    [info, invocationId],
  );
  await setOutputStates(em, rows.map((row) => Number(row.id)), 'discarded', info);
  return rows.length;
}
