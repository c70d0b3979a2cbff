import type { EntityManager } from '@mikro-orm/postgresql';

/** Dataset states in which an input is ready to be read by a job. */
const READY_INPUT = "('ok', 'empty')";
/** Dataset states in which an input will never become ready. */
const FAILED_INPUT = "('error', 'discarded', 'failed_metadata')";

export type RunnerKind = 'local' | 'remote';

/**
 * Claims the oldest queued job whose inputs are all ready, for one runner. `FOR UPDATE SKIP LOCKED`
 * lets any number of processes and remote runners share the queue without taking a job twice.
 * Uploads read files only the server has, and so do installed depot tools whose command reads
 * their own directory: remote runners never get them.
 */
export async function claimNextJob(em: EntityManager, runner: RunnerKind, handler: string): Promise<number | null> {
  const remoteFilter =
    runner === 'remote' ? "and j.tool_id <> 'upload1' and not exists (select 1 from depot_installed_tool t where t.guid = j.tool_id and t.local_only)" : '';
  const rows = await em.execute<Array<{ id: number }>>(
    `update job set state = 'running', runner = ?, handler = ?, attempts = attempts + 1,
            heartbeat_time = now(), start_time = now(), update_time = now()
     where id = (
       select j.id from job j
       where j.state = 'queued' ${remoteFilter}
         and not exists (
           select 1 from job_to_input_dataset ji
           join history_dataset_association hda on hda.id = ji.hda_id
           join dataset d on d.id = hda.dataset_id
           where ji.job_id = j.id and d.state not in ${READY_INPUT})
       order by j.id
       for update skip locked
       limit 1)
     returning id`,
    [runner, handler],
  );
  return rows.length ? Number(rows[0].id) : null;
}

/** Keeps a claim alive; false when the job is no longer this handler's to run (deleted, recovered). */
export async function heartbeat(em: EntityManager, jobId: number, handler: string): Promise<boolean> {
  const rows = await em.execute<Array<{ id: number }>>(
    "update job set heartbeat_time = now() where id = ? and handler = ? and state = 'running' returning id",
    [jobId, handler],
  );
  return rows.length > 0;
}

/**
 * Jobs of a crashed process: a running job whose heartbeat stopped goes back to the queue (its
 * outputs were never marked ok), or fails once it has used its attempts. Returns how many moved.
 */
export async function recoverStaleJobs(em: EntityManager, staleSeconds: number, maxAttempts: number): Promise<number> {
  const failed = await em.execute<Array<{ id: number }>>(
    `update job set state = 'error', handler = null, end_time = now(), update_time = now(),
            info = 'The job was interrupted too many times (the server stopped while it ran).'
     where state = 'running' and heartbeat_time < now() - (? * interval '1 second') and attempts >= ?
     returning id`,
    [staleSeconds, maxAttempts],
  );
  if (failed.length) await setOutputStates(em, failed.map((row) => Number(row.id)), 'error', 'The job was interrupted too many times.');
  const requeued = await em.execute<Array<{ id: number }>>(
    `update job set state = 'queued', handler = null, update_time = now()
     where state = 'running' and heartbeat_time < now() - (? * interval '1 second')
     returning id`,
    [staleSeconds],
  );
  if (requeued.length) await setOutputStates(em, requeued.map((row) => Number(row.id)), 'queued', null);
  return failed.length + requeued.length;
}

/** The platform's words for a job held back because an input failed. */
export const PAUSED_FOR_INPUT_ERROR = "Execution of this dataset's job is paused because its input datasets are in an error state.";

/**
 * Queued jobs one of whose inputs failed cannot run: as on the platform they are paused, with their
 * outputs, rather than failed (a user may fix the input and resume, or delete them).
 */
export async function pauseJobsWithFailedInputs(em: EntityManager): Promise<number> {
  const rows = await em.execute<Array<{ id: number }>>(
    `update job set state = 'paused', update_time = now(), info = ?
     where state = 'queued' and exists (
       select 1 from job_to_input_dataset ji
       join history_dataset_association hda on hda.id = ji.hda_id
       join dataset d on d.id = hda.dataset_id
       where ji.job_id = job.id and d.state in ${FAILED_INPUT})
     returning id`,
    [PAUSED_FOR_INPUT_ERROR],
  );
  if (rows.length) await setOutputStates(em, rows.map((row) => Number(row.id)), 'paused', PAUSED_FOR_INPUT_ERROR);
  return rows.length;
}

/** Sets the state of every output dataset (history or library) of the given jobs (and their info, when given). */
export async function setOutputStates(em: EntityManager, jobIds: number[], state: string, info: string | null): Promise<void> {
  if (jobIds.length === 0) return;
  const marks = jobIds.map(() => '?').join(',');
  await em.execute(
    `update dataset set state = ?, update_time = now() where id in (
       select hda.dataset_id from job_to_output_dataset jo
       join history_dataset_association hda on hda.id = jo.hda_id
       where jo.job_id in (${marks})
       union
       select ldda.dataset_id from job_to_output_dataset jo
       join library_dataset_dataset_association ldda on ldda.id = jo.ldda_id
       where jo.job_id in (${marks}))`,
    [state, ...jobIds, ...jobIds],
  );
  if (info !== null) {
    await em.execute(
      `update history_dataset_association set info = ?, update_time = now() where id in (
         select hda_id from job_to_output_dataset where job_id in (${marks}))`,
      [info, ...jobIds],
    );
    await em.execute(
      `update library_dataset_dataset_association set info = ?, update_time = now() where id in (
         select ldda_id from job_to_output_dataset where job_id in (${marks}))`,
      [info, ...jobIds],
    );
  }
}
