import type { Logger } from '../logging/logger';
import { markPoolError, unreachableCause } from '../errors/database-errors';

/**
 * Whether this process can reach its database, as its connection pool finds out: a connection that
 * cannot be made starts an outage, the next one made ends it (one whose attempt began before the
 * failure that started the outage does not: while a server shuts down, an attempt already under way
 * can still succeed after a later one failed). One structured line when an outage
 * starts and one when it ends (never a line per failed request or loop), and the handlers of
 * `onRecovered` run then (the job engine wakes its runners: work that waited goes on at once).
 */
export class DatabaseOutage {
  private downSince: number | null = null;
  /** The pool's number of the attempt whose failure started the outage (attempts are numbered in order). */
  private downFromAttempt = 0;
  private readonly recovered = new Set<() => void>();

  constructor(private readonly log: Logger) {}

  get isDown(): boolean {
    return this.downSince !== null;
  }

  /** A connection could not be made (or was cut); `attempt` is the pool's number of that attempt. */
  failed(error: unknown, attempt = 0): void {
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.downFromAttempt = attempt;
    this.log.warn({ cause: unreachableCause(error) ?? 'connection failed' }, 'database unreachable: requests answer 503 until it is back');
  }

  /** A connection was made by the pool's attempt `attempt`. */
  succeeded(attempt = Number.POSITIVE_INFINITY): void {
    if (this.downSince === null || attempt < this.downFromAttempt) return;
    const downSeconds = Math.round((Date.now() - this.downSince) / 100) / 10;
    this.downSince = null;
    this.log.info({ downSeconds }, 'database reachable again');
    for (const handler of this.recovered) {
      try {
        handler();
      } catch (error) {
        this.log.error({ err: error }, 'a handler of the database coming back failed');
      }
    }
  }

  onRecovered(handler: () => void): () => void {
    this.recovered.add(handler);
    return () => this.recovered.delete(handler);
  }
}

/** knex's pool (tarn) as far as the outage listens to it. */
interface PoolEvents {
  on(event: 'createFail', handler: (eventId: number, error: unknown) => void): unknown;
  on(event: 'createSuccess', handler: (eventId: number, resource: unknown) => void): unknown;
}

/** Follows a knex pool's connection attempts. */
export function followPool(pool: PoolEvents | undefined, outage: DatabaseOutage): void {
  pool?.on('createFail', (eventId, error) => {
    markPoolError(error);
    outage.failed(error, eventId);
  });
  pool?.on('createSuccess', (eventId) => outage.succeeded(eventId));
}
