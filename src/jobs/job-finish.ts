import { existsSync } from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { JobMetric } from '../entities/job-metric.entity';
import type { Logger } from '../logging/logger';
import type { ObjectStore } from '../storage/object-store';
import { touchHistory } from '../services/datasets/hid-allocation';
import { recalculateDiskUsage } from '../services/usage/disk-usage';
import { describeStoredFile } from './dataset-finalize';
import { loadJob } from './job-loading';
import { type JobRunResult, tail } from './job-result';
import type { JobWorkspace } from './job-workspace';
import { coreMetrics } from './metrics-format';

/**
 * Ends a run: successful outputs move from the workspace into the object store (atomically, before
 * anything is marked ok), then one transaction records states, metadata, stdout/stderr, metrics and
 * the owner's new disk usage. A job that is no longer running (cancelled) keeps its state.
 */
export async function finishJob(em: EntityManager, jobId: number, workspace: JobWorkspace, store: ObjectStore, result: JobRunResult, log: Logger): Promise<void> {
  const loaded = await loadJob(em, jobId);
  const { job } = loaded;
  if (job.state !== 'running') {
    log.info({ jobId, state: job.state }, 'job finished after it left the running state; result dropped');
    return;
  }
  let failure = result.failure ?? (result.exitCode === 0 ? null : `Tool exited with code ${result.exitCode}`);
  const stored = new Map<number, { path: string; size: number }>();
  if (!failure) {
    for (const output of loaded.outputs) {
      const hda = output.hda;
      if (!hda) continue;
      const produced = workspace.outputPath(hda.dataset.id);
      const target = store.pathOf(hda.dataset);
      if (existsSync(produced)) {
        stored.set(hda.id, { path: target, size: await store.putFile(hda.dataset, produced, { move: true }) });
      } else if (existsSync(target)) {
        // written straight to the dataset's file through the job files API
        stored.set(hda.id, { path: target, size: (await store.size(hda.dataset)) ?? 0 });
      } else {
        failure = `Output '${output.name}' was not produced by the tool.`;
      }
    }
  }

  await em.transactional(async (tx) => {
    const message = failure ? tail(failure + (result.stderr ? `\n${result.stderr}` : ''), 2000) : null;
    for (const output of loaded.outputs) {
      const hda = output.hda;
      if (!hda) continue;
      if (result.extensions?.[output.name]) hda.extension = result.extensions[output.name];
      if (result.names?.[output.name]) hda.name = result.names[output.name];
      const file = stored.get(hda.id);
      if (failure || !file) {
        hda.dataset.state = 'error';
        hda.info = message;
        continue;
      }
      await describeStoredFile(hda, file.path, file.size);
      hda.dataset.fileSize = file.size;
      hda.dataset.state = 'ok';
      const info = `${result.stdout}${result.stderr}`.trim();
      if (info) hda.info = tail(info, 2000);
    }
    job.state = failure ? 'error' : 'ok';
    job.exitCode = result.exitCode;
    job.stdout = tail(result.stdout);
    job.stderr = tail(result.stderr);
    job.info = failure;
    job.endTime = new Date();
    job.handler = null;
    for (const metric of coreMetrics(result)) tx.create(JobMetric, { job, plugin: metric.plugin, name: metric.name, value: metric.value, numeric: metric.name !== 'runner_name' });
    await tx.flush();
    if (job.history) await touchHistory(tx, job.history.id);
    if (job.user) await recalculateDiskUsage(tx, job.user.id);
  });
  await workspace.remove();
}
