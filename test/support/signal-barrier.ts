import { randomUUID } from 'node:crypto';
import type { DatabaseSignals, SignalChannel } from '../../src/db/signals';
import { patient } from './patience';

/**
 * Waits until every signal sent on a channel before this call has reached the process: PostgreSQL
 * delivers a listening connection's notifications in commit order, so once a marker sent now has
 * arrived, so has every earlier one (a new key's `caller_changed`, say, which a loaded machine may
 * deliver after the test has warmed its key cache; it would then empty the cache under the test).
 * The marker names no user: the caches that hear it forget everything, which costs nothing before a
 * warm-up.
 */
export async function signalBarrier(signals: DatabaseSignals, channel: SignalChannel, send: (channel: string, payload: string) => Promise<unknown>): Promise<void> {
  if (!signals.listening) return;
  const marker = `barrier-${randomUUID()}`;
  let arrived!: () => void;
  const seen = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const handler = (payload: string) => {
    if (payload === marker) arrived();
  };
  signals.on(channel, handler);
  // Cleared once the marker is in: a timer left behind kept the test process alive up to its length
  // after the run (30 s in CI, where jest said it "did not exit one second after the test run").
  let timer: NodeJS.Timeout | undefined;
  try {
    await send(channel, marker);
    await Promise.race([seen, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`the ${channel} marker did not arrive`)), patient(10_000))))]);
  } finally {
    clearTimeout(timer);
    signals.off(channel, handler);
  }
}
