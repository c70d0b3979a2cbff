import { useCallback, useEffect } from 'react';
import { type CombinedError, useQuery } from 'urql';
import { graphql, type ResultOf } from '../graphql';

/**
 * The one module that knows how the history panel gets its contents. Today: the whole list with
 * `historyItems`, asked again every few seconds while an item is unfinished. Tomorrow:
 * `historyItemsPage` (cursor pages, `loadMore`) and the `historyItemChanged` subscription; the
 * panel only uses what this module returns.
 */
const HistoryItemsQuery = graphql(`
  query HistoryItems($historyId: ID!, $deleted: Boolean, $visible: Boolean) {
    historyItems(historyId: $historyId, deleted: $deleted, visible: $visible) {
      __typename
      ... on HistoryContent {
        id
        hid
        name
        state
        extension
        fileSize
        peek
        misc_blurb
        misc_info
        genomeBuild
        visible
        deleted
        purged
        historyId
      }
      ... on HistoryDatasetCollection {
        id
        hid
        name
        collectionType
        elementCount
        populated
        visible
        deleted
        historyId
      }
    }
  }
`);

export type HistoryItem = ResultOf<typeof HistoryItemsQuery>['historyItems'][number];
export type HistoryDatasetItem = Extract<HistoryItem, { __typename: 'HistoryContent' }>;

export interface HistoryItemFilters {
  /** Show deleted items too (beside the others). */
  includeDeleted: boolean;
  /** Show hidden items too. */
  includeHidden: boolean;
}

export interface HistoryItemsView {
  /** Ordered by hid, newest first (as the platform's panel shows them). */
  items: HistoryItem[];
  totalCount: number;
  fetching: boolean;
  error: CombinedError | undefined;
  /** More items than `items` exist (paged contents); false while the whole list is fetched. */
  hasMore: boolean;
  loadMore(): void;
  refresh(): void;
}

const UNFINISHED_STATES = new Set(['new', 'upload', 'queued', 'running', 'setting_metadata']);
const REFRESH_WHILE_UNFINISHED_MS = 1500;

const isUnfinished = (item: HistoryItem) => item.__typename === 'HistoryContent' && UNFINISHED_STATES.has(item.state);

export function useHistoryItems(historyId: string, filters: HistoryItemFilters): HistoryItemsView {
  const [result, reexecute] = useQuery({
    query: HistoryItemsQuery,
    variables: { historyId, deleted: filters.includeDeleted ? null : false, visible: filters.includeHidden ? null : true },
  });
  const refresh = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  const items = result.data?.historyItems ?? [];
  const unfinished = items.some(isUnfinished);

  // Until the graph's historyItemChanged subscription: unfinished items are asked again.
  useEffect(() => {
    if (!unfinished || result.fetching) return;
    const timer = window.setTimeout(refresh, REFRESH_WHILE_UNFINISHED_MS);
    return () => window.clearTimeout(timer);
  }, [unfinished, result.fetching, refresh]);

  const sorted = [...items].sort((a, b) => b.hid - a.hid);
  return { items: sorted, totalCount: sorted.length, fetching: result.fetching, error: result.error, hasMore: false, loadMore: () => undefined, refresh };
}
