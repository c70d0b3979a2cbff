import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { HistoryDatasetAssociation } from '../../entities/hda.entity';
import { JobInputDataset, JobOutputDataset } from '../../entities/job-dataset.entity';
import type { ObjectQuery } from '@mikro-orm/core';
import type { Job } from '../../entities/job.entity';
import { JobMetric } from '../../entities/job-metric.entity';
import { type JobView, loadJobViews } from './job-view';

const groupBy = <T>(ids: readonly number[], rows: T[], key: (row: T) => number) => {
  const map = new Map<number, T[]>(ids.map((id) => [id, []]));
  for (const row of rows) map.get(key(row))?.push(row);
  return ids.map((id) => map.get(id) ?? []);
};

export const inputsByJobId: LoaderFactory<number, JobInputDataset[]> = (ctx) =>
  new DataLoader(async (ids) => groupBy(ids, await ctx.em.find(JobInputDataset, { job: { $in: [...ids] } }, { orderBy: { id: 'asc' } }), (row) => row.job.id));

export const outputsByJobId: LoaderFactory<number, JobOutputDataset[]> = (ctx) =>
  new DataLoader(async (ids) => groupBy(ids, await ctx.em.find(JobOutputDataset, { job: { $in: [...ids] } }, { orderBy: { id: 'asc' } }), (row) => row.job.id));

export const metricsByJobId: LoaderFactory<number, JobMetric[]> = (ctx) =>
  new DataLoader(async (ids) => groupBy(ids, await ctx.em.find(JobMetric, { job: { $in: [...ids] } }, { orderBy: { id: 'asc' } }), (row) => row.job.id));

/** The job that created each history dataset (null for copies and imports). */
export const creatingJobByHdaId: LoaderFactory<number, Job | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const links = await ctx.em.find(JobOutputDataset, { hda: { $in: [...ids] } }, { populate: ['job'] });
    const byHda = new Map(links.map((link) => [link.hda?.id, link.job]));
    return ids.map((id) => byHda.get(id) ?? null);
  });

/** History datasets with their datasets, by id (job inputs and outputs). */
export const hdaById: LoaderFactory<number, HistoryDatasetAssociation | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const hdas = await ctx.em.find(HistoryDatasetAssociation, { id: { $in: [...ids] } }, { populate: ['dataset'] });
    const byId = new Map(hdas.map((hda) => [hda.id, hda]));
    return ids.map((id) => byId.get(id) ?? null);
  });

/** stdout and stderr of jobs listed without them (listings leave the big texts out). */
export const jobTextById: LoaderFactory<number, { stdout: string; stderr: string }> = (ctx) =>
  new DataLoader(async (ids) => {
    const rows = await ctx.em.execute<Array<{ id: number; stdout: string; stderr: string }>>(
      `select id, stdout, stderr from job where id in (${ids.map(() => '?').join(',')})`,
      [...ids],
    );
    const byId = new Map(rows.map((row) => [Number(row.id), { stdout: row.stdout, stderr: row.stderr }]));
    return ids.map((id) => byId.get(id) ?? { stdout: '', stderr: '' });
  });

/**
 * The jobs that ran in each history, newest first: the caller's own (every job for administrators,
 * none for anonymous callers), one query for a whole listing of histories.
 */
export const jobsByHistoryId: LoaderFactory<number, JobView[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const caller = ctx.caller;
    if (!caller.isAdmin && caller.userId === null) return ids.map(() => []);
    const where: ObjectQuery<Job> = caller.isAdmin ? { history: { $in: [...ids] } } : { history: { $in: [...ids] }, user: caller.userId };
    const views = await loadJobViews(ctx.em, where, [{ updateTime: 'desc' }, { id: 'desc' }]);
    return groupBy(ids, views, (view) => view.history?.id ?? 0);
  });
