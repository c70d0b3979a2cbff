import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { sql } from '../../db/sql/sql-statement';
import type { MetricValue } from '../../jobs/metrics-format';
import { loadHdaViewsByIds } from '../datasets';
import type { HdaSummaryView } from '../datasets';
import { type JobDatasetLinkView, type JobView, loadJobLinks, loadJobViews, loadJobViewsByIds, readJobsCreating } from './job-view';

const groupBy = <T>(ids: readonly number[], rows: T[], key: (row: T) => number) => {
  const map = new Map<number, T[]>(ids.map((id) => [id, []]));
  for (const row of rows) map.get(key(row))?.push(row);
  return ids.map((id) => map.get(id) ?? []);
};

export const inputsByJobId: LoaderFactory<number, JobDatasetLinkView[]> = (ctx) =>
  new DataLoader(async (ids) => groupBy(ids, await loadJobLinks(ctx, 'inputs', ids), (row) => row.job.id));

export const outputsByJobId: LoaderFactory<number, JobDatasetLinkView[]> = (ctx) =>
  new DataLoader(async (ids) => groupBy(ids, await loadJobLinks(ctx, 'outputs', ids), (row) => row.job.id));

const METRICS = sql<MetricValue & { jobId: number }>(
  'job_metrics',
  'select job_id as "jobId", plugin, name, value from job_metric where job_id = any($1::int[]) order by id',
);

export const metricsByJobId: LoaderFactory<number, MetricValue[]> = (ctx) =>
  new DataLoader(async (ids) => groupBy(ids, await ctx.rows(METRICS, [ids]), (row) => row.jobId));

/** The job that created each history dataset (null for copies and imports). */
export const creatingJobByHdaId: LoaderFactory<number, JobView | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const byHda = await readJobsCreating(ctx, ids);
    return ids.map((id) => byHda.get(id) ?? null);
  });

/** History datasets by id (job inputs and outputs), each as the caller may see it (inaccessible-view.ts). */
export const hdaById: LoaderFactory<number, HdaSummaryView | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const byId = new Map((await loadHdaViewsByIds(ctx, ids)).map((hda) => [hda.id, hda]));
    return ids.map((id) => byId.get(id) ?? null);
  });

const TEXTS = sql<{ id: number; stdout: string; stderr: string }>('job_texts', 'select id, stdout, stderr from job where id = any($1::int[])');

/** stdout and stderr of jobs listed without them (listings leave the big texts out). */
export const jobTextById: LoaderFactory<number, { stdout: string; stderr: string }> = (ctx) =>
  new DataLoader(async (ids) => {
    const byId = new Map((await ctx.rows(TEXTS, [ids])).map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? { stdout: '', stderr: '' });
  });

/**
 * The jobs that ran in each history, newest first: the caller's own (every job for administrators,
 * none for anonymous callers), one statement for a whole listing of histories.
 */
export const jobsByHistoryId: LoaderFactory<number, JobView[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const caller = ctx.caller;
    if (!caller.isAdmin && caller.userId === null) return ids.map(() => []);
    const views = await loadJobViews(ctx, {
      userId: caller.isAdmin ? null : caller.userId,
      historyIds: [...ids],
      states: null,
      toolIds: null,
      toolIdLike: null,
      updatedFrom: null,
      updatedBefore: null,
      orderBy: 'update_time',
    });
    return groupBy(ids, views, (view) => view.history?.id ?? 0);
  });

/** Jobs by id (listings leave stdout/stderr out); one statement per batch. */
export const jobById: LoaderFactory<number, JobView | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const byId = new Map((await loadJobViewsByIds(ctx, ids)).map((job) => [job.id, job]));
    return ids.map((id) => byId.get(id) ?? null);
  });
