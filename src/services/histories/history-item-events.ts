import type { EntityManager } from '@mikro-orm/postgresql';
import { coalescedSignalEvents } from '../../db/signal-events';
import type { DatabaseSignals } from '../../db/signals';

/** A dataset or collection of a history changed (created, renamed, its state moved…). */
export interface HistoryItemEvent {
  historyId: number;
  kind: 'dataset' | 'collection';
  id: number;
}

function eventOf(payload: string): HistoryItemEvent | null {
  try {
    const parsed = JSON.parse(payload) as { h?: unknown; k?: unknown; id?: unknown };
    if (typeof parsed.h !== 'number' || typeof parsed.id !== 'number' || (parsed.k !== 'dataset' && parsed.k !== 'collection')) return null;
    return { historyId: parsed.h, kind: parsed.k, id: parsed.id };
  } catch {
    return null;
  }
}

/**
 * The changes of one history's items, as PostgreSQL signals them (`history_item_changed`, from
 * triggers: any process, any path). Changes a slow reader has not taken yet are kept once per item
 * (it reads the item's latest state anyway), so what waits is bounded by the history's size. Ends
 * when the reader stops (`return`).
 */
export function historyItemEvents(signals: DatabaseSignals, historyId: number): AsyncIterableIterator<HistoryItemEvent> {
  return coalescedSignalEvents(
    signals,
    'history_item_changed',
    (payload) => {
      const event = eventOf(payload);
      return event && event.historyId === historyId ? event : null;
    },
    (event) => `${event.kind}:${event.id}`,
  );
}

/**
 * The most items a catch-up hands over: each is read as a live change is (a statement each), so a
 * subscription asked to catch up from long ago on a big history costs no more than this; a client
 * that was away longer reads the history again.
 */
export const CATCH_UP_LIMIT = 200;

/**
 * The items of a history changed at or after `since` (the item itself, its dataset's state, its
 * collection's population), as the events a subscriber would have received, the most recently
 * changed first and at most CATCH_UP_LIMIT: what a subscription asked to catch up from `since`
 * hands over first, so that nothing changed between a client's read of the history and the
 * subscription's start is lost. One statement.
 */
export async function historyItemsChangedSince(em: EntityManager, historyId: number, since: Date): Promise<HistoryItemEvent[]> {
  const rows = await em.execute<Array<{ kind: 'dataset' | 'collection'; id: number }>>(
    `select kind, id from (
       select 'dataset' as kind, hda.id, greatest(hda.update_time, d.update_time) as changed
         from history_dataset_association hda join dataset d on d.id = hda.dataset_id
         where hda.history_id = ? and (hda.update_time >= ? or d.update_time >= ?)
       union all
       select 'collection' as kind, hdca.id, greatest(hdca.update_time, dc.update_time) as changed
         from history_dataset_collection_association hdca join dataset_collection dc on dc.id = hdca.collection_id
         where hdca.history_id = ? and (hdca.update_time >= ? or dc.update_time >= ?)
     ) changed_items order by changed desc, id desc limit ?`,
    [historyId, since, since, historyId, since, since, CATCH_UP_LIMIT],
  );
  return rows.map((row) => ({ historyId, kind: row.kind, id: Number(row.id) }));
}

/** The events caught up, then the live ones; ending it ends the live ones too. */
export async function* withCatchUp(missed: HistoryItemEvent[], live: AsyncIterableIterator<HistoryItemEvent>): AsyncGenerator<HistoryItemEvent, void, undefined> {
  try {
    for (const event of missed) yield event;
    yield* live;
  } finally {
    await live.return?.();
  }
}

/** The `k` of the one event a change of many items at once sends for its history (not one per item). */
export const HISTORY_CHANGED_KIND = 'history';

/** Many items of a history changed together (a selection hidden, deleted, copied in…): how many. */
export interface HistoryChangedEvent {
  historyId: number;
  changed: number;
}

function historyEventOf(payload: string): HistoryChangedEvent | null {
  try {
    const parsed = JSON.parse(payload) as { h?: unknown; k?: unknown; n?: unknown };
    if (typeof parsed.h !== 'number' || parsed.k !== HISTORY_CHANGED_KIND) return null;
    return { historyId: parsed.h, changed: typeof parsed.n === 'number' ? parsed.n : 0 };
  } catch {
    return null;
  }
}

/**
 * The changes of many items of one history at once, as PostgreSQL signals them (one event per
 * change on `history_item_changed`, kind `history`); those a slow reader has not taken are kept as
 * one (it reads the history again anyway).
 */
export function historyChangedEvents(signals: DatabaseSignals, historyId: number): AsyncIterableIterator<HistoryChangedEvent> {
  return coalescedSignalEvents(
    signals,
    'history_item_changed',
    (payload) => {
      const event = historyEventOf(payload);
      return event && event.historyId === historyId ? event : null;
    },
    () => 'history',
  );
}
