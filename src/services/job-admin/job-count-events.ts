import { coalescedSignalEvents } from '../../db/signal-events';
import type { DatabaseSignals } from '../../db/signals';

/** Some job was created, or changed state or destination: the counts are worth reading again. */
export interface JobCountEvent {
  kind: 'jobs';
}

const EVENT: JobCountEvent = { kind: 'jobs' };

/** A reader takes at most one event in this many milliseconds (a burst of job changes is read once). */
export const JOB_COUNT_MIN_INTERVAL_MS = 250;

/**
 * The job table's changes as PostgreSQL signals them (`job_changed`, from its triggers: any
 * process, any path), starting with one event at once so the reader counts as things are when it
 * starts listening. Changes not taken yet are kept as one, and events come at most every
 * JOB_COUNT_MIN_INTERVAL_MS, so a queue that changes a thousand times a second costs each reader a
 * few counts a second. Ends when the reader stops (`return`).
 */
export function jobCountEvents(signals: DatabaseSignals, minIntervalMs = JOB_COUNT_MIN_INTERVAL_MS): AsyncIterableIterator<JobCountEvent> {
  const source = coalescedSignalEvents(signals, 'job_changed', () => EVENT, () => 'jobs', [EVENT]);
  let last = 0;
  const iterator: AsyncIterableIterator<JobCountEvent> = {
    async next() {
      const wait = last + minIntervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const result = await source.next();
      last = Date.now();
      return result;
    },
    return: () => source.return?.() ?? Promise.resolve({ done: true, value: undefined }),
    throw: (error?: unknown) => source.throw?.(error) ?? Promise.reject(error),
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
