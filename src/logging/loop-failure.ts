import { unreachableCause } from '../errors/database-errors';
import type { Logger } from './logger';

/**
 * A failure of a background loop (claiming jobs, sweeping, polling): an error line, except while
 * the database is unreachable, which its outage reports once (src/db/database-outage.ts): then
 * only a debug line, not one stack trace per loop and per second.
 */
export function logLoopFailure(log: Logger, error: unknown, what: string, context: Record<string, unknown> = {}): void {
  const cause = unreachableCause(error);
  if (cause !== undefined) log.debug({ ...context, cause }, `${what} (the database is unreachable)`);
  else log.error({ ...context, err: error }, what);
}
