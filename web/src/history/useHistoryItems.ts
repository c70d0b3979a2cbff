import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { type CombinedError, useClient, useSubscription } from 'urql';
import { useOnReconnect } from '../app/GraphQLClientProvider';
import { type HistoryItem, HistoryItemChangedSubscription } from './history-item-documents';
import { HistoryPages } from './history-pages';
import { type HistoryItemFilterInput, keeps } from './selection/panel-filter';
import { HistoryChangedSubscription } from './selection/selection-documents';

export type { HistoryDatasetItem, HistoryItem } from './history-item-documents';

/**
 * The one module that knows how the history panel gets its contents: cursor pages of
 * `historyItemsPage` (highest hid first, `loadMore` for the next), kept live by the
 * `historyItemChanged` subscription. A changed item the cache knows is updated where it shows (by
 * type and id); a new one (higher hid than any listed) appears at the top. No polling. The
 * subscription starts once the first page is read, catching up from a minute before its newest
 * change (`changedSince`): a dataset that changed between the read and the subscription's start
 * (an upload that ends while the panel opens) is not left showing its old state. Many items changed
 * at once (a selection hidden, copied in…) come as one `historyChanged` event: the pages are read again.
 * So are they when an item announced belongs among them but a page read before its change left it out.
 */

export interface HistoryItemsView {
  /** The items fetched so far, highest hid first. */
  items: HistoryItem[];
  /** Every item the filter keeps, fetched or not (the list's full height). */
  totalCount: number;
  fetching: boolean;
  error: CombinedError | undefined;
  /** More items than `items` exist. */
  hasMore: boolean;
  /** Fetches the next page, of at least `wanted` items. */
  loadMore(wanted?: number): void;
  refresh(): void;
}

export function useHistoryItems(historyId: string, filter: HistoryItemFilterInput): HistoryItemsView {
  const client = useClient();
  // The same filter (by value) keeps the same pages.
  const filterKey = JSON.stringify(filter);
  const pages = useMemo(() => new HistoryPages(client, { historyId, filter: JSON.parse(filterKey) as HistoryItemFilterInput }), [client, historyId, filterKey]);
  const snapshot = useSyncExternalStore(pages.subscribe, pages.getSnapshot);

  // Where the subscription catches up from, fixed once the first page of these pages is read.
  const firstRead = snapshot.pages[0]?.data;
  const [catchUp, setCatchUp] = useState<{ pages: HistoryPages; from: string } | null>(null);
  useEffect(() => {
    if (firstRead && catchUp?.pages !== pages) setCatchUp({ pages, from: catchUpFrom(firstRead.edges.map((edge) => edge.node)) });
  }, [firstRead, pages, catchUp]);

  // Items the subscription announced that no fetched page holds yet (new ones), by id.
  const [announced, setAnnounced] = useState<ReadonlyMap<string, HistoryItem>>(new Map());
  const subscribed = catchUp?.pages === pages;
  useSubscription({ query: HistoryItemChangedSubscription, variables: { historyId, changedSince: catchUp?.from }, pause: !subscribed }, (_previous, event) => {
    const item = event.historyItemChanged;
    if (item) setAnnounced((known) => new Map(known).set(`${item.__typename}:${item.id}`, item));
    return event;
  });

  // Reading the pages again also forgets the items announced before: the pages bring their current state.
  const refresh = useCallback(() => {
    setAnnounced(new Map());
    pages.refresh();
  }, [pages]);
  useSubscription({ query: HistoryChangedSubscription, variables: { historyId }, pause: !subscribed }, (_previous, event) => {
    refresh();
    return event;
  });
  const loadMore = useCallback((wanted = 0) => pages.loadMore(wanted), [pages]);
  useOnReconnect(refresh);

  const first = snapshot.pages[0]?.data;
  const last = snapshot.pages[snapshot.pages.length - 1];
  const kept = keeps(filter);
  const paged = snapshot.pages.flatMap((page) => page.data?.edges.map((edge) => edge.node) ?? []);
  const pagedKeys = new Set(paged.map((item) => `${item.__typename}:${item.id}`));
  // New items are those above the highest hid these pages ever held: an item announced late (a
  // catch-up read before a change of many items) is not taken for a new one once the pages are
  // read again without it (all hidden, say).
  const highest = useRef({ pages, hid: 0 });
  if (highest.current.pages !== pages) highest.current = { pages, hid: 0 };
  highest.current.hid = Math.max(highest.current.hid, first?.edges[0]?.node.hid ?? 0);
  const topHid = highest.current.hid;
  const fresh = [...announced.entries()]
    .filter(([key, item]) => !pagedKeys.has(key) && item.hid > topHid && first !== undefined)
    .map(([, item]) => item)
    .sort((a, b) => b.hid - a.hid);
  const all = [...fresh, ...paged];
  const items = all.filter(kept);
  const leftOut = all.length - items.length;

  // An item announced that the filter keeps, whose place is among the items read (not above them,
  // not in a page still to read), but that no page holds: the page was read before its change was
  // written (undeleted while the filter changed, say). The pages are read again, and bring it.
  const hasMore = Boolean(last?.data?.pageInfo.hasNextPage);
  const lowestRead = hasMore ? Math.min(...paged.map((item) => item.hid)) : 0;
  const misplaced = [...announced.entries()].some(([key, item]) => !pagedKeys.has(key) && item.hid <= topHid && item.hid >= lowestRead && kept(item));
  useEffect(() => {
    if (misplaced) refresh();
  }, [misplaced, refresh]);

  return {
    items,
    totalCount: Math.max(items.length, (first?.totalCount ?? 0) + fresh.length - leftOut),
    fetching: snapshot.pages.some((page) => page.fetching),
    error: snapshot.pages.find((page) => page.error)?.error,
    hasMore,
    loadMore,
    refresh,
  };
}

/** A minute before the newest change among the items read (a change committed late carries its transaction's start), or the beginning. */
function catchUpFrom(items: HistoryItem[]): string {
  const newest = Math.max(0, ...items.map((item) => Date.parse(String(item.updateTime))).filter((time) => Number.isFinite(time)));
  return new Date(newest > 0 ? newest - 60_000 : 0).toISOString();
}
