import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { sql } from '../../db/sql/sql-statement';
import { History } from '../../entities/history.entity';
import { type ContentRow, type HistoryStats, summarise } from './history-state';

const CONTENT_ROWS = sql<ContentRow & { historyId: number }>(
  'history_content_rows',
  `select hda.history_id as "historyId", hda.id as "hdaId", hda.deleted, hda.purged, d.state, d.id as "datasetId",
          d.purged as "datasetPurged", coalesce(d.file_size, 0)::float8 as "fileSize"
     from history_dataset_association hda join dataset d on d.id = hda.dataset_id
    where hda.history_id = any($1::int[])
    order by hda.history_id, hda.hid`,
);

const COLLECTION_COUNTS = sql<{ historyId: number; count: number }>(
  'history_collection_counts',
  `select history_id as "historyId", count(*)::int as count from history_dataset_collection_association where history_id = any($1::int[]) group by history_id`,
);

/** Counts, states and sizes of each history's contents: two statements per batch, whatever their size. */
export const historyStatsById: LoaderFactory<number, HistoryStats> = (ctx) =>
  new DataLoader(async (ids) => {
    const [rows, collections] = await Promise.all([ctx.rows(CONTENT_ROWS, [ids]), ctx.rows(COLLECTION_COUNTS, [ids])]);
    const byHistory = new Map<number, ContentRow[]>(ids.map((id) => [id, []]));
    for (const row of rows) byHistory.get(row.historyId)?.push(row);
    const collectionCounts = new Map(collections.map((row) => [row.historyId, row.count]));
    return ids.map((id) => summarise(byHistory.get(id) ?? [], collectionCounts.get(id) ?? 0));
  });

/** Histories by id (the history of a dataset or a job). */
export const historyById: LoaderFactory<number, History | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const histories = await ctx.em.find(History, { id: { $in: [...ids] } });
    const byId = new Map(histories.map((history) => [history.id, history]));
    return ids.map((id) => byId.get(id) ?? null);
  });

const HISTORY_TIMES = sql<{ id: number; createTime: Date; updateTime: Date }>(
  'history_times',
  'select id, create_time as "createTime", update_time as "updateTime" from history where id = any($1::int[])',
);

/** Creation and update times of histories read without them (`HistoryParts.times` false); one statement per batch. */
export const historyTimesById: LoaderFactory<number, { createTime: Date; updateTime: Date }> = (ctx) =>
  new DataLoader(async (ids) => {
    const byId = new Map((await ctx.rows(HISTORY_TIMES, [ids])).map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? new Error(`history ${id} is gone`));
  });
