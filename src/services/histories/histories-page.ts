import type { ServiceContext } from '../../context/service-context';
import { StatementShapes } from '../../db/sql/sql-statement';
import { checkPageSize, NEWEST, timeCursorOf, timePositionOf } from '../shared';
import { type HistoryParts, type HistoryView, listHistories } from './history-view';

/** At most this many histories in one page. */
export const MAX_HISTORIES_PAGE = 1000;

export interface HistoriesPage {
  /** The page's histories, newest first (as the history index), each with the cursor that continues after it. */
  items: Array<{ history: HistoryView; cursor: string }>;
  hasNextPage: boolean;
  /** All the caller's histories the filter keeps (one count statement, asked for only when wanted). */
  totalCount(): Promise<number>;
}

interface Shape {
  /** Whether `deleted` is filtered on (else deleted and not deleted histories alike). */
  deleted: boolean;
}

/**
 * The next keys before a position, newest creation first: `(create_time, id)` below the cursor's on the
 * owner's (user_id, deleted, create_time) or (user_id, create_time) index, read from the position on.
 */
const PAGE_KEYS = new StatementShapes<Shape, { id: number; time: string }>(
  'histories_page_keys',
  (shape) => `select h.id, h.create_time::text as time from history h
    where h.user_id = $1 ${shape.deleted ? 'and h.deleted = $5' : ''} and (h.create_time, h.id) < ($2::timestamptz, $3::int)
    order by h.create_time desc, h.id desc limit $4`,
  (shape) => String(shape.deleted),
);

const COUNT = new StatementShapes<Shape, { n: string }>(
  'histories_page_count',
  (shape) => `select count(*) as n from history h where h.user_id = $1 ${shape.deleted ? 'and h.deleted = $2' : ''}`,
  (shape) => String(shape.deleted),
);

/**
 * A page of the caller's histories, newest first: the keys in one statement, then the page's histories
 * (with the parts the query reads) in one, whatever the page's place. `deleted`: false (the default)
 * not deleted ones, true only deleted ones, null both. Anonymous callers have no histories to page.
 */
export async function historiesPage(ctx: ServiceContext, deleted: boolean | null, first: number, after: string | null | undefined, parts: HistoryParts): Promise<HistoriesPage> {
  checkPageSize(first, MAX_HISTORIES_PAGE);
  const from = after ? timePositionOf(after) : NEWEST;
  const user = ctx.caller.requireUser();
  const shape = { deleted: deleted !== null };
  const filterParams = deleted === null ? [] : [deleted];
  const keys = first === 0 ? [] : await ctx.rows(PAGE_KEYS.for(shape), [user.id, from.time, from.id, first + 1, ...filterParams]);
  const page = keys.slice(0, first);
  const views = page.length === 0 ? [] : await listHistories(ctx, { userId: user.id, conditions: [{ kind: 'ids', ids: page.map((key) => key.id) }], limit: null, offset: null, parts });
  const byId = new Map(views.map((view) => [view.id, view]));
  const items: HistoriesPage['items'] = [];
  for (const key of page) {
    const history = byId.get(key.id);
    if (history) items.push({ history, cursor: timeCursorOf({ time: key.time, id: key.id }) });
  }
  return {
    items,
    hasNextPage: keys.length > first,
    totalCount: async () => Number((await ctx.rows(COUNT.for(shape), [user.id, ...filterParams]))[0]?.n ?? 0),
  };
}
