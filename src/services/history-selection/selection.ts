import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceContext } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import { checkedItemFilter, filterKeysOf, type HistoryItemFilter, itemFilterClauses, itemFilterValues } from '../collections';
import { decodeId } from '../shared';

/**
 * Items of one history a user selected in the panel: datasets and collections by id, or everything
 * the panel's filter keeps (sent as the filter, not as thousands of ids).
 */
export interface HistoryItemSelection {
  datasetIds?: readonly string[] | null;
  collectionIds?: readonly string[] | null;
  filter?: HistoryItemFilter | null;
}

/** The selection as the ids of its rows, datasets and collections, in hid order. */
export interface SelectedRows {
  datasets: number[];
  collections: number[];
}

/** Ids one selection names at most (a bigger selection is sent as its filter). */
export const MAX_SELECTED_IDS = 100_000;

/** Ids as one PostgreSQL array parameter (`= any(?::int[])`): one statement whatever their number. */
export const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * The rows a selection names in a history, in one statement: by id (each must be in the history,
 * else the selection is refused whole) or by the filter.
 */
export async function selectedRows(ctx: ServiceContext, em: EntityManager, historyId: number, selection: HistoryItemSelection): Promise<SelectedRows> {
  const byIds = (selection.datasetIds?.length ?? 0) + (selection.collectionIds?.length ?? 0) > 0;
  if (byIds && selection.filter) throw errors.invalid('Select items by id or by a filter, not both.');
  if (!byIds && !selection.filter) throw errors.missing('Nothing is selected: give item ids or a filter.');
  let rows: Array<{ kind: number; id: number }>;
  if (byIds) {
    const datasetIds = [...new Set((selection.datasetIds ?? []).map((id) => decodeId(ctx, id)))];
    const collectionIds = [...new Set((selection.collectionIds ?? []).map((id) => decodeId(ctx, id)))];
    if (datasetIds.length + collectionIds.length > MAX_SELECTED_IDS) throw errors.invalid(`At most ${MAX_SELECTED_IDS} items by id; select by a filter instead.`);
    rows = await em.execute(
      `select 0 as kind, id, hid from history_dataset_association where history_id = ? and id = any(?::int[])
       union all select 1 as kind, id, hid from history_dataset_collection_association where history_id = ? and id = any(?::int[])
       order by hid, kind`,
      [historyId, idArray(datasetIds), historyId, idArray(collectionIds)],
    );
    const found = new Set(rows.map((row) => `${row.kind}:${row.id}`));
    const missing = [...datasetIds.map((id) => `0:${id}`), ...collectionIds.map((id) => `1:${id}`)].filter((key) => !found.has(key));
    if (missing.length > 0) throw errors.notFound(`${missing.length} of the selected items are not in this history.`);
  } else {
    const filter = checkedItemFilter(selection.filter ?? {});
    const keys = filterKeysOf(filter);
    const values = itemFilterValues(filter, keys);
    rows = await em.execute(
      `select 0 as kind, h.id, h.hid from history_dataset_association h where h.history_id = ? ${itemFilterClauses('h', 'dataset', keys, () => '?')}
       union all select 1 as kind, c.id, c.hid from history_dataset_collection_association c where c.history_id = ? ${itemFilterClauses('c', 'collection', keys, () => '?')}
       order by hid, kind`,
      [historyId, ...values, historyId, ...values],
    );
  }
  return {
    datasets: rows.filter((row) => Number(row.kind) === 0).map((row) => Number(row.id)),
    collections: rows.filter((row) => Number(row.kind) === 1).map((row) => Number(row.id)),
  };
}

