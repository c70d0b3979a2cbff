import type { Client } from 'urql';
import { type HistoryDatasetItem, type HistoryItemsPage, HistoryItemsPageQuery } from '../history-item-documents';
import type { HistorySelection } from './use-selection';
import type { HistoryItemFilterInput } from './panel-filter';

/** The most datasets a builder takes from "all matching the filter" (the graph's pages of 1,000, read in turn). */
const MAX_BUILDER_DATASETS = 10_000;

/**
 * The selected datasets, oldest first (the order builders list them in): those picked, or with
 * "Select all" every dataset the filter keeps, read from the graph page by page when the panel has
 * not loaded them all.
 */
export async function selectedDatasets(client: Client, historyId: string, selection: HistorySelection, filter: HistoryItemFilterInput, totalCount: number): Promise<HistoryDatasetItem[]> {
  const datasetsOf = (items: ReturnType<HistorySelection['loadedItems']>) =>
    items.filter((item): item is HistoryDatasetItem => item.__typename === 'HistoryContent').sort((a, b) => a.hid - b.hid);
  const loaded = selection.loadedItems();
  if (!selection.all || loaded.length >= totalCount) return datasetsOf(loaded);
  const all: HistoryDatasetItem[] = [];
  let after: string | null = null;
  do {
    const result = await client.query(HistoryItemsPageQuery, { historyId, filter, first: 1000, after }, { requestPolicy: 'network-only' }).toPromise();
    if (result.error || !result.data) throw new Error(result.error?.message ?? 'Could not read the selected datasets.');
    const page: HistoryItemsPage = result.data.historyItemsPage;
    all.push(...datasetsOf(page.edges.map((edge) => edge.node)));
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after && all.length < MAX_BUILDER_DATASETS);
  return all.sort((a, b) => a.hid - b.hid);
}
