import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { sql } from '../../db/sql/sql-statement';
import { type HistoryParts, type HistoryView, historiesWhere, listHistoriesWhere } from '../histories';
import { HISTORIES, readableBySql } from '../sharing';

/**
 * The set-based reads behind a page's embedded items (the graph's `page { embeds }`): every embedded
 * history of a request in one statement (with the parts its query reads), the first datasets of all
 * of them in another, so a page costs the same number of statements whatever it embeds. (Datasets,
 * workflows and visualizations are read by their areas' loaders: `hdaById`, `workflowById`,
 * `visualizationById`.)
 */

/**
 * Histories by id that the caller may read, by the rules show applies (owner, administrator,
 * published, link access, shared with them): $1 the ids, $2 the caller (null: a visitor), $3 an
 * administrator.
 */
const READABLE_HISTORIES = historiesWhere('page_embed_histories', `h.id = any($1::int[]) and ${readableBySql('h', HISTORIES, { userId: '$2', isAdmin: '$3' })}`);

const historyLoaders = new Map<string, LoaderFactory<number, HistoryView | null>>();

/** The loader of readable histories reading `parts` with each (one loader per kind of read; null: not readable or none). */
export function readableHistoryById(parts: HistoryParts): LoaderFactory<number, HistoryView | null> {
  const key = `${parts.tags}|${parts.stats}|${parts.ids ?? false}|${parts.owner ?? false}`;
  let factory = historyLoaders.get(key);
  if (!factory) {
    factory = (ctx) =>
      new DataLoader(async (ids) => {
        const views = await listHistoriesWhere(ctx, READABLE_HISTORIES, [ids, ctx.caller.userId, ctx.caller.isAdmin], parts);
        const byId = new Map(views.map((view) => [view.id, view]));
        return ids.map((id) => byId.get(id) ?? null);
      });
    historyLoaders.set(key, factory);
  }
  return factory;
}

/** At most this many datasets of an embedded history are read. */
export const MAX_EMBEDDED_HISTORY_ITEMS = 50;

/** The first visible, undeleted datasets of each history by hid (their ids): one statement for all. */
const FIRST_ITEMS = sql<{ historyId: number; id: number }>(
  'page_embed_history_first_items',
  `select h.id as "historyId", x.id
     from unnest($1::int[]) as h(id)
     cross join lateral (select d.id, d.hid from history_dataset_association d where d.history_id = h.id and d.deleted = false and d.visible order by d.hid limit $2) x
    order by h.id, x.hid`,
);

/** Ids of the first datasets of each history (read for histories the caller may read only). */
export const firstItemIdsByHistoryId: LoaderFactory<number, number[]> = (ctx) =>
  new DataLoader(async (historyIds) => {
    const byHistory = new Map<number, number[]>(historyIds.map((id) => [id, []]));
    for (const row of await ctx.rows(FIRST_ITEMS, [historyIds, MAX_EMBEDDED_HISTORY_ITEMS])) byHistory.get(row.historyId)?.push(row.id);
    return historyIds.map((id) => byHistory.get(id) ?? []);
  });
