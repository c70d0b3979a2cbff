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

/** Counts, states and sizes of each history's contents: one statement per batch, whatever their size. */
export const historyStatsById: LoaderFactory<number, HistoryStats> = (ctx) =>
  new DataLoader(async (ids) => {
    const rows = await ctx.rows(CONTENT_ROWS, [ids]);
    const byHistory = new Map<number, ContentRow[]>(ids.map((id) => [id, []]));
    for (const row of rows) byHistory.get(row.historyId)?.push(row);
    return ids.map((id) => summarise(byHistory.get(id) ?? []));
  });

/** Histories by id (the history of a dataset or a job). */
export const historyById: LoaderFactory<number, History | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const histories = await ctx.em.find(History, { id: { $in: [...ids] } });
    const byId = new Map(histories.map((history) => [history.id, history]));
    return ids.map((id) => byId.get(id) ?? null);
  });
