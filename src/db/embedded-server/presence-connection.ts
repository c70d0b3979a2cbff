import { Client } from 'pg';
import type { Logger } from '../../logging/logger';

const RECONNECT_MS = 1000;

/**
 * A process's presence on the embedded server: one connection held for the process's life, which
 * the last process to let go counts before it stops the server. When the server goes away (stopped
 * under the service, restarted) the connection is made again as soon as the server answers; the
 * outage itself is the pool's to report (src/db/database-outage.ts), so the loss is logged at debug.
 */
export class PresenceConnection {
  private client: Client | null = null;
  private ended = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly applicationName: string,
    private readonly log: Logger,
  ) {}

  /** Connects for the first time (a failure is the caller's); later losses are made good by themselves. */
  async connect(): Promise<Client> {
    const client = new Client({ connectionString: this.url, application_name: this.applicationName });
    await client.connect();
    this.follow(client);
    return client;
  }

  /** Runs one statement on the presence connection (it must be connected). */
  query<R extends object>(text: string, values?: unknown[]) {
    if (!this.client) throw new Error('the presence connection is not connected');
    return this.client.query<R & Record<string, unknown>>(text, values);
  }

  async end(): Promise<void> {
    this.ended = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private follow(client: Client): void {
    this.client = client;
    let lost = false;
    const onLoss = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      if (this.ended) return;
      this.log.debug({ err: error?.message ?? 'connection ended' }, 'the embedded PostgreSQL presence connection was lost; it is made again when the server answers');
      this.scheduleReconnect();
    };
    client.on('error', onLoss);
    client.on('end', () => onLoss());
  }

  private scheduleReconnect(): void {
    if (this.ended || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.ended) return;
      const client = new Client({ connectionString: this.url, application_name: this.applicationName });
      client.on('error', () => undefined); // an error while connecting is the rejection below
      client.connect().then(
        () => {
          client.removeAllListeners('error');
          if (this.ended) {
            void client.end().catch(() => undefined);
            return;
          }
          this.log.debug('the embedded PostgreSQL presence connection is made again');
          this.follow(client);
        },
        () => this.scheduleReconnect(),
      );
    }, RECONNECT_MS);
    this.retry.unref();
  }
}
