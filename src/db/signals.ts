import { Client, type Notification } from 'pg';
import { asDatabaseError, unreachableCause } from '../errors/database-errors';
import type { Logger } from '../logging/logger';

/** The channels processes signal each other on (NOTIFY from triggers or services, LISTEN here). */
export const SIGNAL_CHANNELS = ['caller_changed', 'session_ended', 'depot_caller_changed', 'tool_data_changed', 'depot_tools_changed', 'history_item_changed', 'workflow_invocation_changed', 'job_queued', 'job_changed', 'task_queued'] as const;
export type SignalChannel = (typeof SIGNAL_CHANNELS)[number];

type Handler = (payload: string) => void;

/**
 * PostgreSQL LISTEN/NOTIFY for this process: what other processes (and this one) signal, delivered to
 * handlers. `listening` is false whenever a signal could be missed (not yet connected, connection
 * lost); caches that rely on signals must not serve while it is false.
 */
export class DatabaseSignals {
  private readonly handlers = new Map<SignalChannel, Set<Handler>>();
  private readonly listeningHandlers = new Set<(listening: boolean) => void>();
  private isListening = false;

  get listening(): boolean {
    return this.isListening;
  }

  on(channel: SignalChannel, handler: Handler): void {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
  }

  off(channel: SignalChannel, handler: Handler): void {
    this.handlers.get(channel)?.delete(handler);
  }

  /** Called with false when signals may have been missed, and with true once they are delivered again. */
  onListeningChange(handler: (listening: boolean) => void): void {
    this.listeningHandlers.add(handler);
  }

  offListeningChange(handler: (listening: boolean) => void): void {
    this.listeningHandlers.delete(handler);
  }

  dispatch(notification: Notification): void {
    const set = this.handlers.get(notification.channel as SignalChannel);
    if (set) for (const handler of set) handler(notification.payload ?? '');
  }

  setListening(listening: boolean): void {
    if (listening === this.isListening) return;
    this.isListening = listening;
    for (const handler of this.listeningHandlers) handler(listening);
  }
}

const listenStatements = SIGNAL_CHANNELS.map((channel) => `LISTEN ${channel}`).join('; ');

/**
 * On a server: one dedicated connection LISTENs; when it is lost, signals are reported missed until a
 * new connection listens again (retried with a growing delay).
 */
export class ServerSignalListener {
  private client: Client | null = null;
  private stopped = false;
  private retryMs = 100;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Since when the connection is lost (null while listening, and before the first connection). */
  private lostSince: number | null = null;

  constructor(
    private readonly url: string,
    private readonly signals: DatabaseSignals,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.url });
    client.on('notification', (notification) => this.signals.dispatch(notification));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(listenStatements);
      this.client = client;
      if (this.lostSince !== null) this.log.info({ lostSeconds: Math.round((Date.now() - this.lostSince) / 100) / 10 }, 'database signal connection back; caches serve again');
      this.lostSince = null;
      this.retryMs = 100;
      this.signals.setListening(true);
    } catch (error) {
      this.lost(client, error);
    }
  }

  private lost(client: Client, error: unknown): void {
    if (this.client !== null && this.client !== client) return;
    this.client = null;
    this.signals.setListening(false);
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.stopped || this.retryTimer) return;
    // One line when the connection is lost, one when it is back: not one per attempt while the database is away.
    if (this.lostSince === null) {
      this.lostSince = Date.now();
      this.log.warn({ cause: unreachableCause(asDatabaseError(error)) ?? (error instanceof Error ? error.message : 'ended') }, 'database signal connection lost; caches are bypassed until it is back');
    } else this.log.debug({ retryMs: this.retryMs }, 'database signal connection not back yet');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 5_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.signals.setListening(false);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}

/** A pooled pg connection as knex's pool hands it to `afterCreate`. */
interface PooledConnection {
  query(text: string): Promise<unknown>;
  on(event: 'notification', handler: (notification: Notification) => void): unknown;
  on(event: 'error', handler: (error: Error) => void): unknown;
}

/** knex's pool hook for each new connection. */
export type PoolAfterCreate = (connection: PooledConnection, done: (error: Error | null, connection: PooledConnection) => void) => void;
