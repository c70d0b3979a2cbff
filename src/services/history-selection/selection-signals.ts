import type { EntityManager } from '@mikro-orm/postgresql';
import { HISTORY_CHANGED_KIND } from '../histories';

/**
 * A change of many items at once is told as one event, not one per item: the rest of the
 * transaction sends no `history_item_changed` per row (the triggers' `platform.history_signals`),
 * and `signalHistoryChanged` sends one event for the history (`{"h", "k": "history", "n"}`) at
 * commit, on which the panels showing it read their pages again.
 */
export async function quietItemSignals(em: EntityManager): Promise<void> {
  await em.execute(`set local platform.history_signals = 'off'`);
}

export async function signalHistoryChanged(em: EntityManager, historyId: number, changed: number): Promise<void> {
  await em.execute(`select pg_notify('history_item_changed', json_build_object('h', ?::int, 'k', ?::text, 'n', ?::int)::text)`, [historyId, HISTORY_CHANGED_KIND, changed]);
}
