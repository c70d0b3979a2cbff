import type { ContentsFilter } from '../datasets';
import type { HdaParts, HdaSummaryView } from '../datasets';
import { loadHdcaViews } from './hdca-view';
import { checkedItemTypes, type HistoryItem, type HistoryItemsContext } from './history-items';

/** Items per batch of a streamed listing: a cursor reads this many rows at a time. */
export const HISTORY_ITEMS_BATCH = 1000;

/**
 * The contents of a readable history as `historyItems` lists them (datasets and collections by hid),
 * in batches as the datasets are read. Everything that can refuse the request (the types, the
 * history's access) is decided before this returns, so a refusal is an error answer, never a broken
 * stream. Statements: the history, its collections (one, when listed), then the datasets' one
 * statement read in batches, whatever the number of items.
 */
export async function historyItemsInBatches(
  ctx: HistoryItemsContext,
  encodedHistoryId: string,
  requestedTypes: readonly string[],
  filter: ContentsFilter,
  parts: HdaParts & { summary: boolean },
  batchSize = HISTORY_ITEMS_BATCH,
): Promise<AsyncGenerator<HistoryItem[], void, undefined>> {
  const types = checkedItemTypes(requestedTypes);
  const history = await ctx.services.histories.readable(ctx, encodedHistoryId);
  // An `ids` list names datasets (the platform's legacy listing): collections are not listed with it.
  const withCollections = types.includes('dataset_collection') && !filter.ids;
  const collections = withCollections ? await loadHdcaViews(ctx, { historyIds: [history.id], deleted: filter.deleted, visible: filter.visible }) : [];
  const datasets = types.includes('dataset') ? ctx.services.hdas.contentsInBatchesOfReadable(ctx, history, filter, parts, batchSize) : null;
  return merged(datasets, collections.map((view): HistoryItem => ({ kind: 'dataset_collection', view })), batchSize);
}

/**
 * Datasets batch by batch with the collections (few, read first) placed among them by hid; a
 * collection sharing a dataset's hid comes after it, as the whole listing sorts them.
 */
async function* merged(
  datasets: AsyncGenerator<HdaSummaryView[], void, undefined> | null,
  collections: HistoryItem[],
  batchSize: number,
): AsyncGenerator<HistoryItem[], void, undefined> {
  let next = 0;
  if (datasets) {
    for await (const views of datasets) {
      if (next === collections.length) {
        yield views.map((view): HistoryItem => ({ kind: 'dataset', view }));
        continue;
      }
      const batch: HistoryItem[] = [];
      for (const view of views) {
        while (next < collections.length && collections[next].view.hid < view.hid) batch.push(collections[next++]);
        batch.push({ kind: 'dataset', view });
      }
      yield batch;
    }
  }
  while (next < collections.length) {
    yield collections.slice(next, next + batchSize);
    next += batchSize;
  }
}
