import type { ObjectQuery, QueryOrderMap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Job, type JobParams, type JobState } from '../../entities/job.entity';

/**
 * What the graph reads of a job in listings: the row without stdout/stderr, read as plain data
 * (no entity hydration: a 10,000-job listing is one query and a map). A Job entity satisfies it.
 */
export interface JobView {
  id: number;
  state: JobState;
  exitCode: number | null;
  createTime: Date;
  updateTime: Date;
  toolId: string;
  toolVersion: string;
  params: JobParams;
  commandLine: string | null;
  externalId: string | null;
  info: string | null;
  user: { id: number } | null;
  history: { id: number } | null;
  stdout?: string;
  stderr?: string;
}

const LIST_FIELDS = ['id', 'state', 'exitCode', 'createTime', 'updateTime', 'toolId', 'toolVersion', 'params', 'commandLine', 'externalId', 'info', 'user', 'history'] as const;

type RawJob = Omit<JobView, 'user' | 'history' | 'params'> & { user: number | null; history: number | null; params: JobParams | string };

export async function loadJobViews(em: EntityManager, where: ObjectQuery<Job>, orderBy: QueryOrderMap<Job>[]): Promise<JobView[]> {
  const rows = await em
    .createQueryBuilder(Job, 'j')
    .select([...LIST_FIELDS])
    .where(where)
    .orderBy(orderBy)
    .execute<RawJob[]>('all', true);
  return rows.map((row) => ({
    ...row,
    params: typeof row.params === 'string' ? (JSON.parse(row.params) as JobParams) : row.params,
    createTime: new Date(row.createTime),
    updateTime: new Date(row.updateTime),
    user: row.user === null ? null : { id: Number(row.user) },
    history: row.history === null ? null : { id: Number(row.history) },
  }));
}
