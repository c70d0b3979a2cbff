import type { DatabaseOutage } from '../db/database-outage';
import { unreachableCause } from '../errors/database-errors';

const RETRY_MS = 1000;

/** Resolves when the database is back (the outage's recovery) or after a second, whichever is first. */
function recoveryOrSecond(outage: DatabaseOutage | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, RETRY_MS);
    const off = outage?.onRecovered(done);
    function done() {
      clearTimeout(timer);
      off?.();
      resolve();
    }
  });
}

/**
 * Does `work`, again while the database is unreachable: every second and as soon as it is back, for at
 * most `giveUpMs` (a job's stale interval: past it, the sweep hands the job to the queue anyway).
 * `onFirstWait` is told once that it waits. Other failures are thrown at once.
 */
export async function retryWhileUnreachable<T>(work: () => Promise<T>, outage: DatabaseOutage | undefined, giveUpMs: number, onFirstWait?: () => void): Promise<T> {
  const deadline = Date.now() + giveUpMs;
  let waited = false;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (unreachableCause(error) === undefined || Date.now() > deadline) throw error;
      if (!waited) onFirstWait?.();
      waited = true;
      await recoveryOrSecond(outage);
    }
  }
}
