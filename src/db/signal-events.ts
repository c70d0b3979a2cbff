import type { DatabaseSignals, SignalChannel } from './signals';

/**
 * The signals of one channel that concern one reader, as an async iterator (a subscription's
 * source). `read` turns a payload into an event, or null for one that is not the reader's. Events a
 * slow reader has not taken yet are kept once per key (the reader reads the latest state anyway), so
 * what waits is bounded. `initial` events are delivered first (e.g. "read it now", so nothing that
 * changed before the reader listened is missed). Ends when the reader stops (`return`).
 */
export function coalescedSignalEvents<Event>(
  signals: DatabaseSignals,
  channel: SignalChannel,
  read: (payload: string) => Event | null,
  keyOf: (event: Event) => string,
  initial: readonly Event[] = [],
): AsyncIterableIterator<Event> {
  const waiting = new Map<string, Event>(initial.map((event) => [keyOf(event), event]));
  let wake: (() => void) | null = null;
  let ended = false;
  const handler = (payload: string) => {
    const event = read(payload);
    if (event === null) return;
    waiting.set(keyOf(event), event);
    wake?.();
  };
  signals.on(channel, handler);
  const end = () => {
    ended = true;
    signals.off(channel, handler);
    waiting.clear();
    wake?.();
  };
  const iterator: AsyncIterableIterator<Event> = {
    async next() {
      while (!ended && waiting.size === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (ended) return { done: true, value: undefined };
      const [key, event] = waiting.entries().next().value as [string, Event];
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
