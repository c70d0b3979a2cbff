import type { ContextWith } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import type { ContentsFilter } from '../datasets';
import type { HdaParts, HdaSummaryView } from '../datasets';
import { type HdcaView, loadHdcaViews } from './hdca-view';
import type { HistoryService } from '../histories';
import type { HdaService } from '../datasets';

/** A call that reads a history's items: the histories and datasets services beside the core. */
export type HistoryItemsContext = ContextWith<{ histories: HistoryService; hdas: HdaService }>;

export type HistoryItemType = 'dataset' | 'dataset_collection';
export const HISTORY_ITEM_TYPES: readonly HistoryItemType[] = ['dataset', 'dataset_collection'];

/** A history's datasets and collections, in hid order. */
export type HistoryItem = { kind: 'dataset'; view: HdaSummaryView } | { kind: 'dataset_collection'; view: HdcaView };

/** The kinds asked for (both when none), refusing an unknown one. */
export function checkedItemTypes(requestedTypes: readonly string[]): readonly string[] {
  const types = requestedTypes.length > 0 ? requestedTypes : HISTORY_ITEM_TYPES;
  for (const type of types) if (!(HISTORY_ITEM_TYPES as readonly string[]).includes(type)) throw errors.invalid(`Unknown contents type: ${type}`);
  return types;
}

/**
 * The contents of a readable history: datasets and collections side by side, by hid. The history is
 * read once; each kind asked for is one statement, whatever the number of items.
 */
export async function historyItems(
  ctx: HistoryItemsContext,
  encodedHistoryId: string,
  requestedTypes: readonly string[],
  filter: ContentsFilter,
  parts: HdaParts & { summary: boolean },
): Promise<HistoryItem[]> {
  const types = checkedItemTypes(requestedTypes);
  const history = await ctx.services.histories.readable(ctx, encodedHistoryId);
  // An `ids` list names datasets (the platform's legacy listing): collections are not listed with it.
  const withCollections = types.includes('dataset_collection') && !filter.ids;
  const [datasets, collections] = await Promise.all([
    types.includes('dataset') ? ctx.services.hdas.contentsOfReadable(ctx, history, filter, parts) : [],
    withCollections ? loadHdcaViews(ctx, { historyIds: [history.id], deleted: filter.deleted, visible: filter.visible }) : [],
  ]);
  const items: HistoryItem[] = [
    ...datasets.map((view): HistoryItem => ({ kind: 'dataset', view })),
    ...collections.map((view): HistoryItem => ({ kind: 'dataset_collection', view })),
  ];
  return collections.length === 0 || datasets.length === 0 ? items : items.sort((a, b) => a.view.hid - b.view.hid);
}
