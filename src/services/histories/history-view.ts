import type { ObjectQuery, QueryOrderMap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { History } from '../../entities/history.entity';

/** What the graph reads of a history; listings read it as plain data (a History entity satisfies it). */
export interface HistoryView {
  id: number;
  name: string;
  hidCounter: number;
  deleted: boolean;
  purged: boolean;
  importable: boolean;
  published: boolean;
  slug: string | null;
  genomeBuild: string | null;
  annotation: string | null;
  createTime: Date;
  updateTime: Date;
  user: { id: number } | null;
}

const FIELDS = ['id', 'name', 'hidCounter', 'deleted', 'purged', 'importable', 'published', 'slug', 'genomeBuild', 'annotation', 'createTime', 'updateTime', 'user'] as const;

type RawHistory = Omit<HistoryView, 'user'> & { user: number | null };

export async function loadHistoryViews(
  em: EntityManager,
  where: ObjectQuery<History>,
  options: { orderBy: QueryOrderMap<History>[]; limit?: number; offset?: number },
): Promise<HistoryView[]> {
  const qb = em.createQueryBuilder(History, 'h').select([...FIELDS]).where(where).orderBy(options.orderBy);
  if (options.limit !== undefined) qb.limit(options.limit);
  if (options.offset !== undefined) qb.offset(options.offset);
  const rows = await qb.execute<RawHistory[]>('all', true);
  return rows.map((row) => ({
    ...row,
    createTime: new Date(row.createTime),
    updateTime: new Date(row.updateTime),
    user: row.user === null ? null : { id: Number(row.user) },
  }));
}
