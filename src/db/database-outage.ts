import type { Logger } from '../logging/logger';
import { markPoolError, unreachableCause } from '../errors/database-errors';

/**
 * Whether this process can reach its database, as its connection pool finds out: a connection that
 * cannot be made starts an outage, the next one made ends it. One structured line when an outage
 * starts and one when it ends (never a line per failed request or loop), and the handlers of
 * `onRecovered` run then (the job engine wakes its runners: work that waited goes on at once).
 */
export class DatabaseOutage {
  private downSince: number | null = null;
  private readonly recovered = new Set<() => void>();

  constructor(private readonly log: Logger) {}

  get isDown(): boolean {
    return this.downSince !== null;
  }

  /** A connection could not be made (or was cut). */
  failed(error: unknown): void {
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.log.warn({ cause: unreachableCause(error) ?? 'connection failed' }, 'database unreachable: requests answer 503 until it is back');
  }

  /** A connection was made. */
  succeeded(): void {
    if (this.downSince === null) return;
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
  pool?.on('createFail', (_eventId, error) => {
    markPoolError(error);
    outage.failed(error);
  });
  pool?.on('createSuccess', () => outage.succeeded());
}
