import type { EntityManager } from '@mikro-orm/postgresql';
import { jsonList, type JobRouting, LIMITED_CLAIM_LOCK, listParam, type SqlPart } from './job-routing';

/** Dataset states in which an input is ready to be read by a job. */
const READY_INPUT = "('ok', 'empty')";
/** Dataset states in which an input will never become ready. */
const FAILED_INPUT = "('error', 'discarded', 'failed_metadata')";

export type RunnerKind = 'local' | 'remote' | 'slurm';

/**
 * Claims the oldest queued job whose inputs are all ready, for one runner (a `resubmitted` job waits
 * as a queued one does, for a runner of the destination it was sent to). `FOR UPDATE SKIP LOCKED`
 * lets any number of processes and remote runners share the queue without taking a job twice.
 * Uploads read files only the server has, and so do installed depot tools whose command reads
 * their own directory: remote runners never get them. With a job configuration, a runner takes
 * only the jobs routed to its kind of destination (local workers and remote runners the local
 * destinations, the Slurm runner the Slurm ones), within the configured limits, and records the
 * destination. A local or remote claim makes the job `running`; a Slurm claim leaves it `queued`
 * until the cluster runs it. While an administrator locks new jobs (`job_lock`, 15.05's job lock),
 * no runner of any process claims one: they wait queued until the lock is lifted.
 */
export async function claimNextJob(em: EntityManager, runner: RunnerKind, handler: string, routing: JobRouting | null = null): Promise<number | null> {
  const [jobId] = await claimJobs(em, runner, handler, routing, 1);
  return jobId ?? null;
}

/**
 * Claims up to `max` jobs in one statement (oldest first), as `claimNextJob` claims one. Under
 * configured limits, one job per statement: the limits count the jobs running before the statement,
 * so several claimed at once could pass a limit together.
 */
export async function claimJobs(em: EntityManager, runner: RunnerKind, handler: string, routing: JobRouting | null, max: number): Promise<number[]> {
  const remoteFilter =
    runner === 'remote' ? "and j.tool_id <> 'upload1' and not exists (select 1 from depot_installed_tool t where t.guid = j.tool_id and t.local_only)" : '';
  const routed = routing?.configured ? routing : null;
  const destination: SqlPart = routed ? routed.destinationOf('j') : { sql: 'null::text', params: [] };
  const kind = runner === 'slurm' ? 'slurm' : 'local';
  const toKind: SqlPart = routed ? { sql: `and (${destination.sql}) = any(${jsonList('text')})`, params: [...destination.params, listParam(routed.destinationIdsOf(kind))] } : { sql: '', params: [] };
  const limits: SqlPart = routed?.limited ? routed.withinLimits('j', destination) : { sql: 'true', params: [] };
  const claimed = runner === 'slurm' ? "state = 'queued'" : "state = 'running', start_time = now()";
  const statement = `with picked as (
       select j.id, ${destination.sql} as destination from job j
       where j.state in ('queued', 'resubmitted') and j.handler is null and j.external_state is null ${remoteFilter} ${toKind.sql}
         and not exists (select 1 from job_lock l where l.locked)
         and not exists (
           select 1 from job_to_input_dataset ji
           join history_dataset_association hda on hda.id = ji.hda_id
           join dataset d on d.id = hda.dataset_id
           where ji.job_id = j.id and d.state not in ${READY_INPUT})
         and ${limits.sql}
       order by j.id
       for update of j skip locked
       limit ?)
     update job set ${claimed}, runner = ?, handler = ?, destination_id = picked.destination, attempts = attempts + 1,
            heartbeat_time = now(), update_time = now()
     from picked where job.id = picked.id
     returning job.id`;
  const batch = routed?.limited ? 1 : Math.max(1, Math.floor(max));
  const params = [...destination.params, ...toKind.params, ...limits.params, batch, runner, handler];
  const claim = async (executor: EntityManager) => {
    const rows = await executor.execute<Array<{ id: number }>>(statement, params);
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  };
  if (!routed?.limited) return claim(em);
  // Limits count jobs other processes claim too: claims take turns while counting.
  return em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(?)', [LIMITED_CLAIM_LOCK]);
    return claim(tx);
  });
}

/** A job this handler holds goes back to the queue (its command never ran): any process claims it again. */
export async function requeueHeldJob(em: EntityManager, jobId: number, handler: string): Promise<void> {
  const rows = await em.execute<Array<{ id: number }>>(
    "update job set state = 'queued', handler = null, update_time = now() where id = ? and handler = ? and state = 'running' returning id",
    [jobId, handler],
  );
  await setOutputStates(em, rows.map((row) => Number(row.id)), 'queued', null);
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
 * Jobs of a crashed process. A job a batch system holds (`external_state` set) keeps running there:
 * its claim is let go (handler null) for another process to follow. Any other running job whose
 * heartbeat stopped goes back to the queue (its outputs were never marked ok), or fails once it has
 * used its attempts; a job claimed for a batch system but not yet submitted goes back to the queue.
 * Returns how many moved.
 */
export async function recoverStaleJobs(em: EntityManager, staleSeconds: number, maxAttempts: number): Promise<number> {
  const stale = "heartbeat_time < now() - (? * interval '1 second')";
  const orphaned = await em.execute<Array<{ id: number }>>(
    `update job set handler = null, update_time = now()
     where external_state is not null and handler is not null and ${stale}
     returning id`,
    [staleSeconds],
  );
  const failed = await em.execute<Array<{ id: number }>>(
    `update job set state = 'error', handler = null, end_time = now(), update_time = now(),
            info = 'The job was interrupted too many times (the server stopped while it ran).'
     where state = 'running' and external_state is null and ${stale} and attempts >= ?
     returning id`,
    [staleSeconds, maxAttempts],
  );
  if (failed.length) await setOutputStates(em, failed.map((row) => Number(row.id)), 'error', 'The job was interrupted too many times.');
  // A running job goes back only while it has attempts left: its heartbeat may have stopped after the
  // statement above (or another process's sweep) looked, and a job that used them all fails, never re-runs.
  const requeued = await em.execute<Array<{ id: number }>>(
    `update job set state = 'queued', handler = null, update_time = now()
     where ((state = 'running' and attempts < ?) or (state = 'queued' and handler is not null)) and external_state is null and ${stale}
     returning id`,
    [maxAttempts, staleSeconds],
  );
  if (requeued.length) await setOutputStates(em, requeued.map((row) => Number(row.id)), 'queued', null);
  return orphaned.length + failed.length + requeued.length;
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
  await updateOutputDatasets(em, jobIds, state);
  const marks = jobIds.map(() => '?').join(',');
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

/**
 * Marks the outputs of jobs `running`, unless a job stopped running meanwhile (deleted by its owner,
 * cancelled). The job rows are locked first: a deletion committed before is seen, and one that comes
 * after waits and then discards the outputs, so discarded outputs are never turned back to running.
 */
export async function setOutputsRunning(em: EntityManager, jobIds: number[]): Promise<void> {
  if (jobIds.length === 0) return;
  await em.transactional(async (tx) => {
    const marks = jobIds.map(() => '?').join(',');
    const running = await tx.execute<Array<{ id: number }>>(`select id from job where id in (${marks}) and state = 'running' order by id for update`, jobIds);
    await updateOutputDatasets(tx, running.map((row) => Number(row.id)), 'running');
  });
}

async function updateOutputDatasets(em: EntityManager, jobIds: number[], state: string): Promise<void> {
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
}
