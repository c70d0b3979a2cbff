import type { Client, CombinedError, OperationResult } from 'urql';
import { type HistoryItemsPage, HistoryItemsPageQuery } from './history-item-documents';
import type { HistoryItemFilterInput } from './selection/panel-filter';

export interface HistoryPageFilters {
  historyId: string;
  /** What the panel's filter keeps (deleted and hidden items, names, datatypes…). */
  filter: HistoryItemFilterInput;
}

export const PAGE_SIZE = 200;
/** The graph's largest page. */
const MAX_PAGE_SIZE = 1000;

interface LoadedPage {
  after: string | null;
  first: number;
  data?: HistoryItemsPage;
  error?: CombinedError;
  /** Its answer is still awaited. */
  fetching: boolean;
  unsubscribe(): void;
}

export interface PagesSnapshot {
  pages: ReadonlyArray<Readonly<Pick<LoadedPage, 'data' | 'error' | 'fetching'>>>;
}

/**
 * The pages of one history's contents (one filter) that have been asked for. Each page is a live
 * query of the normalised cache: when an item in it changes (a subscription event, a mutation's
 * answer) the page is read again from the cache, without a request. `loadMore` asks for the next page.
 */
export class HistoryPages {
  private pages: LoadedPage[] = [];
  private snapshot: PagesSnapshot = { pages: [] };
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly client: Client,
    private readonly filters: HistoryPageFilters,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.pages.length === 0) this.add(null, PAGE_SIZE);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.dispose();
    };
  };

  getSnapshot = (): PagesSnapshot => this.snapshot;

  /** Asks for the page after the last one, of at least `wanted` items (bounded by the graph's maximum). */
  loadMore(wanted: number): void {
    const last = this.pages[this.pages.length - 1];
    if (!last || last.fetching || !last.data?.pageInfo.hasNextPage || !last.data.pageInfo.endCursor) return;
    this.add(last.data.pageInfo.endCursor, Math.min(MAX_PAGE_SIZE, Math.max(PAGE_SIZE, wanted)));
  }

  /** Asks the graph again for every page asked so far (after the live socket dropped, changes may have been missed). */
  refresh(): void {
    for (const page of this.pages) {
      void this.client.query(HistoryItemsPageQuery, this.variables(page), { requestPolicy: 'network-only' }).toPromise();
    }
  }

  dispose(): void {
    for (const page of this.pages) page.unsubscribe();
    this.pages = [];
  }

  private variables(page: { after: string | null; first: number }) {
    return { historyId: this.filters.historyId, filter: this.filters.filter, first: page.first, after: page.after };
  }

  private add(after: string | null, first: number): void {
    const page: LoadedPage = { after, first, fetching: true, unsubscribe: () => undefined };
    this.pages = [...this.pages, page];
    this.publish();
    // A page shown again is asked again too (its items may have changed while nobody listened);
    // afterwards the cache keeps it current.
    const source = this.client.query(HistoryItemsPageQuery, this.variables(page), { requestPolicy: 'cache-and-network' });
    const subscription = source.subscribe((result: OperationResult<{ historyItemsPage: HistoryItemsPage }>) => {
      page.data = result.data?.historyItemsPage ?? page.data;
      page.error = result.error;
      page.fetching = false;
      this.publish();
    });
    page.unsubscribe = () => subscription.unsubscribe();
  }

  private publish(): void {
    this.snapshot = { pages: this.pages.map(({ data, error, fetching }) => ({ data, error, fetching })) };
    for (const listener of this.listeners) listener();
  }
}
