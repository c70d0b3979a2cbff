import type { EntityManager } from '@mikro-orm/postgresql';
import { setOutputStates } from '../../jobs/job-claims';

/** The platform's words for a job whose outputs were deleted while it ran. */
export const JOB_OUTPUT_DELETED = 'Job output deleted by user before job completed.';

/**
 * A dataset deleted by its owner stops the job creating it, when that job is still new, queued (or
 * resubmitted) or running and every one of its outputs is deleted (the platform's `stop_creating_job`):
 * the job becomes `deleted` and its outputs `discarded`. The runner holding it stops it (a local command is
 * killed at its next heartbeat, a Slurm job cancelled at the next poll). Answers the stopped job ids.
 */
export async function stopCreatingJob(em: EntityManager, hdaId: number): Promise<number[]> {
  const rows = await em.execute<Array<{ id: number }>>(
    `update job set state = 'deleted', info = ?, end_time = now(), update_time = now()
     where id = (
         select j.id from job_to_output_dataset jo join job j on j.id = jo.job_id
         where jo.hda_id = ? and j.state in ('new', 'queued', 'resubmitted', 'running')
         order by j.id limit 1)
       and not exists (
         select 1 from job_to_output_dataset jo join history_dataset_association h on h.id = jo.hda_id
         where jo.job_id = job.id and not h.deleted)
     returning id`,
    [JOB_OUTPUT_DELETED, hdaId],
  );
  const stopped = rows.map((row) => Number(row.id));
  await setOutputStates(em, stopped, 'discarded', JOB_OUTPUT_DELETED);
  return stopped;
}

/**
 * `stopCreatingJob` for many deleted datasets at once (a selection deleted together): one statement
 * stops every new, queued or running job making one of them whose outputs are all deleted, one more
 * marks their outputs discarded. Answers the stopped job ids.
 */
export async function stopCreatingJobs(em: EntityManager, hdaIds: readonly number[]): Promise<number[]> {
  if (hdaIds.length === 0) return [];
  const rows = await em.execute<Array<{ id: number }>>(
    `update job set state = 'deleted', info = ?, end_time = now(), update_time = now()
     where id in (
         select jo.job_id from job_to_output_dataset jo join job j on j.id = jo.job_id
         where jo.hda_id = any(?::int[]) and j.state in ('new', 'queued', 'resubmitted', 'running'))
       and not exists (
         select 1 from job_to_output_dataset jo join history_dataset_association h on h.id = jo.hda_id
         where jo.job_id = job.id and not h.deleted)
     returning id`,
    [JOB_OUTPUT_DELETED, `{${hdaIds.join(',')}}`],
  );
  const stopped = rows.map((row) => Number(row.id));
  await setOutputStates(em, stopped, 'discarded', JOB_OUTPUT_DELETED);
  return stopped;
}
