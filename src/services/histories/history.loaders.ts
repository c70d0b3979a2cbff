import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import type { DatasetState } from '../../entities/dataset.entity';
import { History } from '../../entities/history.entity';
import { type ContentRow, type HistoryStats, summarise } from './history-state';

/** Counts, states and sizes of each history's contents: one query per batch, whatever their size. */
export const historyStatsById: LoaderFactory<number, HistoryStats> = (ctx) =>
  new DataLoader(async (ids) => {
    const knex = ctx.em.getKnex();
    const rows = await ctx.em.execute<
      Array<{ history_id: number; id: number; deleted: boolean; purged: boolean; state: DatasetState; dataset_id: number; dataset_purged: boolean; file_size: string | null }>
    >(
      knex
        .select('hda.history_id', 'hda.id', 'hda.deleted', 'hda.purged', 'd.state', 'd.id as dataset_id', 'd.purged as dataset_purged', 'd.file_size')
        .from('history_dataset_association as hda')
        .join('dataset as d', 'd.id', 'hda.dataset_id')
        .whereIn('hda.history_id', ids as number[])
        .orderBy(['hda.history_id', 'hda.hid']),
    );
    const byHistory = new Map<number, ContentRow[]>(ids.map((id) => [id, []]));
    for (const row of rows) {
      byHistory.get(row.history_id)?.push({
        hdaId: row.id,
        deleted: row.deleted,
        purged: row.purged,
        state: row.state,
        datasetId: row.dataset_id,
        datasetPurged: row.dataset_purged,
        fileSize: Number(row.file_size ?? 0),
      });
    }
    return ids.map((id) => summarise(byHistory.get(id) ?? []));
  });

/** Histories by id (the history of a dataset or a job). */
export const historyById: LoaderFactory<number, History | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const histories = await ctx.em.find(History, { id: { $in: [...ids] } });
    const byId = new Map(histories.map((history) => [history.id, history]));
    return ids.map((id) => byId.get(id) ?? null);
  });
