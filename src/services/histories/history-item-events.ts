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
