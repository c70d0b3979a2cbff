import WebSocket from 'ws';

/** A message of the graphql-ws protocol (graphql-transport-ws) as the server sends it. */
export interface SocketMessage {
  type: string;
  id?: string;
  payload?: unknown;
}

export interface SocketClosed {
  code: number;
  reason: string;
}

/** What one operation received: its results (`next`), then its end (`complete` or `error`), or the socket's close. */
export interface OperationOutcome {
  results: Array<{ data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  completed: boolean;
  closed?: SocketClosed;
}

export interface SocketOptions {
  /** Headers of the upgrade request (`cookie`, `origin`). */
  headers?: Record<string, string>;
  /** `connection_init`'s payload (`{ key }`). */
  params?: Record<string, unknown>;
}

/**
 * A graphql-ws connection spoken by hand over `ws`, so tests see exactly what the server does: the
 * upgrade's answer, each message of each operation, and the close code.
 */
export class GraphQLSocket {
  private readonly messages: SocketMessage[] = [];
  private readonly waiters = new Set<() => void>();
  private lastId = 0;
  closedWith: SocketClosed | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as SocketMessage;
      if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      this.messages.push(message);
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closedWith = { code, reason: String(reason) };
      this.wake();
    });
  }

  /**
   * Opens and initialises a connection: resolves once acknowledged; rejects with `{ status }` when
   * the upgrade is refused, or `{ code, reason }` when the server closes before acknowledging.
   */
  static open(url: string, options: SocketOptions = {}): Promise<GraphQLSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, 'graphql-transport-ws', { headers: options.headers ?? {} });
      const client = new GraphQLSocket(socket);
      socket.on('unexpected-response', (_request, response) => {
        reject({ status: response.statusCode });
        socket.terminate();
      });
      socket.on('error', (error) => reject(error));
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: options.params ?? {} })));
      void client.until(() => client.messages.some((message) => message.type === 'connection_ack') || client.closedWith !== null, 10_000).then(() => {
        if (client.closedWith) reject(client.closedWith);
        else resolve(client);
      }, reject);
    });
  }

  /** Sends an operation; answers its id. */
  start(query: string, variables: Record<string, unknown> = {}): string {
    const id = String((this.lastId += 1));
    this.socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
    return id;
  }

  /** An operation's outcome once it ended (complete, error) or the socket closed, or after `timeoutMs` with what came so far. */
  async outcome(id: string, timeoutMs = 10_000): Promise<OperationOutcome> {
    const ended = () => this.closedWith !== null || this.messages.some((message) => message.id === id && (message.type === 'complete' || message.type === 'error'));
    await this.until(ended, timeoutMs).catch(() => undefined);
    const mine = this.messages.filter((message) => message.id === id);
    const error = mine.find((message) => message.type === 'error');
    return {
      results: mine.filter((message) => message.type === 'next').map((message) => message.payload as OperationOutcome['results'][number]),
      errors: error ? (error.payload as OperationOutcome['errors']) : undefined,
      completed: mine.some((message) => message.type === 'complete'),
      closed: this.closedWith ?? undefined,
    };
  }

  /** Runs a query or mutation to its end. */
  run(query: string, variables: Record<string, unknown> = {}): Promise<OperationOutcome> {
    return this.outcome(this.start(query, variables));
  }

  /** Resolves once the socket is closed (or rejects after `timeoutMs`). */
  async closed(timeoutMs = 10_000): Promise<SocketClosed> {
    await this.until(() => this.closedWith !== null, timeoutMs);
    return this.closedWith as SocketClosed;
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  close(): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private until(condition: () => boolean, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (condition()) return resolve();
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`not reached within ${timeoutMs} ms; messages: ${JSON.stringify(this.messages).slice(0, 500)}`));
      }, timeoutMs);
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }
}
