import { existsSync } from 'node:fs';
import { NotFoundError } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { JobMetric } from '../entities/job-metric.entity';
import { FINISHED_JOB_STATES } from '../entities/job.entity';
import type { Logger } from '../logging/logger';
import type { ObjectStore } from '../storage/object-store';
import { touchHistory } from '../services/datasets';
import { addToDiskUsage } from '../services/usage';
import { describeStoredFile } from './dataset-finalize';
import { recordAttempt } from './job-attempts';
import { type LoadedJob, loadJobFresh, outputOf } from './job-loading';
import { type JobRunResult, tail } from './job-result';
import type { JobWorkspace } from './job-workspace';
import { coreMetrics } from './metrics-format';
import { observeFinishedJob } from '../observability/job-observations';

/** Whether the job is still the given handler's running job (any running job without a handler given). */
export const stillHeld = (state: string, current: string | null, handler: string | null) => state === 'running' && (handler === null || current === handler);

/**
 * Ends a run: successful outputs move from the workspace into the object store (atomically, before
 * anything is marked ok), then one transaction records states, metadata, stdout/stderr, metrics, the
 * owner's new disk usage and the run as the job's last attempt. A job that is no longer `handler`'s
 * running job (cancelled, or taken back after missed heartbeats and maybe running elsewhere) keeps its
 * state, and its workspace is left alone unless the job is over. Returns whether the result was
 * recorded. (A run that reached a limit may instead be resubmitted: job-resubmit.ts.)
 */
export async function finishJob(
  em: EntityManager,
  jobId: number,
  workspace: JobWorkspace,
  store: ObjectStore,
  result: JobRunResult,
  log: Logger,
  handler: string | null = null,
): Promise<boolean> {
  let loaded: LoadedJob;
  // A new EntityManager: the job as it is now (a long run's manager holds what it was), loaded joined.
  const fresh = em.fork();
  try {
    loaded = await loadJobFresh(fresh, jobId);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    log.info({ jobId }, 'job finished after it was removed; result dropped');
    await workspace.remove();
    return false;
  }
  const { job } = loaded;
  if (!stillHeld(job.state, job.handler, handler)) {
    log.info({ jobId, state: job.state }, 'job finished after it left the running state; result dropped');
    if (FINISHED_JOB_STATES.includes(job.state)) await workspace.remove();
    return false;
  }
  let failure = result.failure ?? (result.exitCode === 0 ? null : `Tool exited with code ${result.exitCode}`);
  // By output link id: history and library dataset ids may coincide.
  const stored = new Map<number, { path: string; size: number }>();
  const outputFailures = result.outputFailures ?? {};
  if (!failure) {
    for (const output of loaded.outputs) {
      const item = outputOf(output);
      if (!item || outputFailures[output.name]) continue;
      const produced = workspace.outputPath(item.dataset.id);
      const target = store.pathOf(item.dataset);
      if (item.dataset.externalFilename) {
        // A file linked in place (library link_to_files): never written to, moved or removed here.
        if (existsSync(target)) stored.set(output.id, { path: target, size: (await store.size(item.dataset)) ?? 0 });
        else failure = `The linked file of output '${output.name}' is missing.`;
      } else if (existsSync(produced)) {
        stored.set(output.id, { path: target, size: await store.putFile(item.dataset, produced, { move: true }) });
      } else if (existsSync(target)) {
        // written straight to the dataset's file through the job files API
        stored.set(output.id, { path: target, size: (await store.size(item.dataset)) ?? 0 });
      } else {
        failure = `Output '${output.name}' was not produced by the tool.`;
      }
    }
  }

  const recorded = await fresh.transactional(async (tx) => {
    // Checked again under the row lock: the sweep may have taken the job back meanwhile.
    const [row] = await tx.execute<Array<{ state: string; handler: string | null }>>('select state, handler from job where id = ? for update', [jobId]);
    if (!row || !stillHeld(row.state, row.handler, handler)) return false;
    const details = result.stderr && result.stderr !== failure ? `\n${result.stderr}` : '';
    const message = failure ? tail(failure + details, 2000) : null;
    for (const output of loaded.outputs) {
      const item = outputOf(output);
      if (!item) continue;
      if (result.extensions?.[output.name]) item.extension = result.extensions[output.name];
      if (result.names?.[output.name]) item.name = result.names[output.name];
      const file = stored.get(output.id);
      if (failure || !file) {
        item.dataset.state = 'error';
        item.info = message ?? (outputFailures[output.name] ? tail(outputFailures[output.name], 2000) : null);
        continue;
      }
      await describeStoredFile(item, file.path, file.size);
      item.dataset.fileSize = file.size;
      item.dataset.state = 'ok';
      // The failures of other outputs (in stderr) are theirs, not this dataset's.
      const info = (result.outputFailures ? result.stdout : `${result.stdout}${result.stderr}`).trim();
      if (info) item.info = tail(info, 2000);
    }
    job.state = failure ? 'error' : 'ok';
    job.exitCode = result.exitCode;
    job.stdout = tail(result.stdout);
    job.stderr = tail(result.stderr);
    job.info = failure;
    job.endTime = new Date();
    job.handler = null;
    // The run that ends the job is its last attempt (those before it were resubmitted: job-resubmit.ts).
    await recordAttempt(tx, job, job.state, result, failure);
    for (const metric of coreMetrics(result)) tx.create(JobMetric, { job, plugin: metric.plugin, name: metric.name, value: metric.value, numeric: metric.name !== 'runner_name' });
    await tx.flush();
    if (job.history) await touchHistory(tx, job.history.id);
    // Only this job's new files change its owner's usage: added, not recounted over all their data.
    const sized = loaded.outputs.filter((output) => stored.has(output.id) && !failure).map((output) => outputOf(output)?.dataset.id);
    if (job.user) await addToDiskUsage(tx, job.user.id, sized.filter((id): id is number => id !== undefined));
    return true;
  });
  if (!recorded) {
    // Files moved in for a result nobody records would resurrect data (e.g. of a purged history).
    for (const output of loaded.outputs) {
      const item = outputOf(output);
      // (a linked file is the owner's: the store never removes it)
      if (item && stored.has(output.id)) await store.remove(item.dataset);
    }
    log.info({ jobId }, 'job left the running state while it finished; result dropped');
    return false;
  }
  await workspace.remove();
  observeFinishedJob(job);
  return true;
}
