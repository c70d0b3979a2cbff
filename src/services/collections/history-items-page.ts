import { StatementShapes } from '../../db/sql/sql-statement';
import { errors } from '../../errors/error-kinds';
import { readAccessIn } from '../datasets';
import { loadHdaSummaries, loadHdaViews } from '../datasets';
import type { HdaParts } from '../datasets';
import { loadHdcaViews } from './hdca-view';
import type { HistoryItem, HistoryItemsContext } from './history-items';
import { checkedItemFilter, filterKeysOf, type HistoryItemFilter, type HistoryItemFilterKey, itemFilterClauses, itemFilterValues } from './history-item-filter';

/** At most this many items in one page. */
export { MAX_PAGE_SIZE } from '../shared';
import { checkPageSize, MAX_PAGE_SIZE } from '../shared';

export interface HistoryItemsPageFilter extends HistoryItemFilter {
  newestFirst?: boolean | null;
}

export interface HistoryItemsPage {
  /** The page's items by hid, each with the cursor that continues after it. */
  items: Array<{ item: HistoryItem; cursor: string }>;
  hasNextPage: boolean;
  /** All items of the history the filter keeps (one count statement, asked for only when wanted). */
  totalCount(): Promise<number>;
}

/** Where a page starts: after the item of this hid and kind (0 a dataset, 1 a collection). */
interface Position {
  hid: number;
  kind: 0 | 1;
}

/** Before the first item, in either order. */
const START: Position = { hid: -1, kind: 1 };
const START_NEWEST_FIRST: Position = { hid: 2_147_483_647, kind: 1 };

export function cursorOf(position: Position): string {
  return Buffer.from(`${position.hid}:${position.kind}`).toString('base64url');
}

function positionOf(cursor: string): Position {
  const match = /^(\d{1,10}):([01])$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || Number(match[1]) > START_NEWEST_FIRST.hid) throw errors.invalid(`Invalid cursor: ${cursor}`);
  return { hid: Number(match[1]), kind: Number(match[2]) as 0 | 1 };
}

interface FilterShape {
  /** The filter's conditions (history-item-filter.ts). */
  keys: readonly HistoryItemFilterKey[];
  /** Newest (highest hid) first, as the platform's history panel shows them. */
  newestFirst: boolean;
}

/** `and` clauses of the filter's conditions, their parameters numbered from `first`. */
function filterClauses(alias: string, kind: 'dataset' | 'collection', shape: Pick<FilterShape, 'keys'>, first: number): string {
  return itemFilterClauses(alias, kind, shape.keys, (index) => `$${first + index}`);
}

type KeyRow = { kind: 0 | 1; id: number; hid: number };

/**
 * The next keys after a position, datasets and collections together by (hid, kind). Each side reads
 * its (history_id, hid) index from the position on, so a page costs the same wherever it is.
 */
const PAGE_KEYS = new StatementShapes<FilterShape, KeyRow>(
  'history_items_page_keys',
  (shape) => {
    // Oldest first: after (hid, kind) in ascending order; newest first: before it, descending.
    const [from, beyond, order] = shape.newestFirst ? ['<=', '<', 'desc'] : ['>=', '>', 'asc'];
    return `
    (select 0 as kind, h.id, h.hid from history_dataset_association h
      where h.history_id = $1 and h.hid ${from} $2 and (h.hid ${beyond} $2 or 0 ${beyond} $3) ${filterClauses('h', 'dataset', shape, 5)}
      order by h.hid ${order} limit $4)
    union all
    (select 1 as kind, c.id, c.hid from history_dataset_collection_association c
      where c.history_id = $1 and c.hid ${from} $2 and (c.hid ${beyond} $2 or 1 ${beyond} $3) ${filterClauses('c', 'collection', shape, 5)}
      order by c.hid ${order} limit $4)
    order by hid ${order}, kind ${order} limit $4`;
  },
  (shape) => `${shape.keys.join(',')}|${shape.newestFirst}`,
);

const COUNT = new StatementShapes<Pick<FilterShape, 'keys'>, { n: string }>(
  'history_items_count',
  (shape) => `select (select count(*) from history_dataset_association h where h.history_id = $1 ${filterClauses('h', 'dataset', shape, 2)})
                   + (select count(*) from history_dataset_collection_association c where c.history_id = $1 ${filterClauses('c', 'collection', shape, 2)}) as n`,
  (shape) => shape.keys.join(','),
);

/**
 * A page of a readable history's datasets and collections, by hid: the keys in one statement, then
 * the page's datasets and collections in one statement each, whatever the page's place.
 */
export async function historyItemsPage(
  ctx: HistoryItemsContext,
  encodedHistoryId: string,
  filter: HistoryItemsPageFilter,
  first: number,
  after: string | null | undefined,
  parts: HdaParts & { summary: boolean },
): Promise<HistoryItemsPage> {
  checkPageSize(first, MAX_PAGE_SIZE);
  const newestFirst = filter.newestFirst === true;
  const from = after ? positionOf(after) : newestFirst ? START_NEWEST_FIRST : START;
  const history = await ctx.services.histories.readable(ctx, encodedHistoryId);
  const conditions = checkedItemFilter(filter);
  const shape: FilterShape = { keys: filterKeysOf(conditions), newestFirst };
  const filterParams = itemFilterValues(conditions, shape.keys);
  const keys = first === 0 ? [] : await ctx.rows(PAGE_KEYS.for(shape), [history.id, from.hid, from.kind, first + 1, ...filterParams]);
  const page = keys.slice(0, first);
  const datasetIds = page.filter((key) => Number(key.kind) === 0).map((key) => Number(key.id));
  // Datasets the caller may not read are in the page, in their inaccessible form.
  const access = readAccessIn(ctx.caller, history);
  const collectionIds = page.filter((key) => Number(key.kind) === 1).map((key) => Number(key.id));
  const [datasets, collections] = await Promise.all([
    datasetIds.length === 0
      ? []
      : parts.summary
        ? loadHdaSummaries(ctx, { historyId: history.id, ids: datasetIds, access }, parts)
        : loadHdaViews(ctx, { historyIds: [history.id], ids: datasetIds, access }, parts),
    collectionIds.length === 0 ? [] : loadHdcaViews(ctx, { historyIds: [history.id], ids: collectionIds }),
  ]);
  const datasetById = new Map(datasets.map((view) => [view.id, view]));
  const collectionById = new Map(collections.map((view) => [view.id, view]));
  const items: HistoryItemsPage['items'] = [];
  for (const key of page) {
    const kind = Number(key.kind) as 0 | 1;
    const cursor = cursorOf({ hid: Number(key.hid), kind });
    if (kind === 0) {
      const view = datasetById.get(Number(key.id));
      if (view) items.push({ item: { kind: 'dataset', view }, cursor });
    } else {
      const view = collectionById.get(Number(key.id));
      if (view) items.push({ item: { kind: 'dataset_collection', view }, cursor });
    }
  }
  return {
    items,
    hasNextPage: keys.length > first,
    totalCount: async () => Number((await ctx.rows(COUNT.for(shape), [history.id, ...filterParams]))[0]?.n ?? 0),
  };
}
