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
  const waiting = new Map<string, HistoryItemEvent>();
  let wake: (() => void) | null = null;
  let ended = false;
  const handler = (payload: string) => {
    const event = eventOf(payload);
    if (!event || event.historyId !== historyId) return;
    waiting.set(`${event.kind}:${event.id}`, event);
    wake?.();
  };
  signals.on('history_item_changed', handler);
  const end = () => {
    ended = true;
    signals.off('history_item_changed', handler);
    waiting.clear();
    wake?.();
  };
  const iterator: AsyncIterableIterator<HistoryItemEvent> = {
    async next() {
      while (!ended && waiting.size === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (ended) return { done: true, value: undefined };
      const [key, event] = waiting.entries().next().value as [string, HistoryItemEvent];
      waiting.delete(key);
      return { done: false, value: event };
    },
    async return() {
      end();
      return { done: true, value: undefined };
    },
    async throw(error?: unknown) {
      end();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
