import type { Caller } from '../context/caller';
import type { DatabaseSignals } from '../db/signals';
import { AppError } from '../errors/error-kinds';
import type { Logger } from '../logging/logger';
import type { Credentials } from './identity.service';

/** WebSocket close code for a connection whose credentials no longer hold (graphql-ws's Forbidden). */
export const CLOSE_FORBIDDEN = 4403;
/** WebSocket close code when the credentials could not be checked (the database failed): connect again. */
export const CLOSE_UNCHECKED = 1011;

/** An open connection: what it authenticated with, who that is now, and how to end it. */
export interface Connection {
  readonly credentials: Credentials;
  caller: Caller;
  readonly close: (code: number, reason: string) => void;
}

/** Turns credentials into a caller (the identity service, with its key cache). */
export interface CallerResolver {
  resolve(credentials: Credentials): Promise<Caller>;
}

/** The same identity: the same user (or master key, or runner, or nobody), by the same session if it came with one. */
export function sameIdentity(before: Caller, now: Caller): boolean {
  return before.userId === now.userId && before.isMaster === now.isMaster && before.runnerName === now.runnerName && (before.session?.id ?? null) === (now.session?.id ?? null);
}

const reasonOf = (message: string) => message.slice(0, 120);

/**
 * The callers of long-lived connections (the graph's WebSocket), checked again for each operation
 * and whenever the database signals a change that may end their rights, in any process: a key
 * replaced, a user deleted, purged or renamed (`caller_changed`, with the user's id), a session
 * signed out (`session_ended`, with the session's id), or signals that may have been missed (the
 * listening connection was lost). A connection whose credentials no longer give the identity it
 * opened with is closed (CLOSE_FORBIDDEN), which ends its subscriptions.
 */
export class ConnectionCallers {
  private readonly connections = new Set<Connection>();
  private readonly onCallerChanged = (payload: string) => this.recheck(idMatcher(payload, (caller) => caller.userId));
  private readonly onSessionEnded = (payload: string) => this.recheck(idMatcher(payload, (caller) => caller.session?.id ?? null));
  private readonly onListening = (listening: boolean) => {
    if (listening) this.recheck(() => true);
  };

  constructor(
    private readonly resolver: CallerResolver,
    private readonly signals: DatabaseSignals,
    private readonly log: Logger,
  ) {
    signals.on('caller_changed', this.onCallerChanged);
    signals.on('session_ended', this.onSessionEnded);
    signals.onListeningChange(this.onListening);
  }

  /** A new connection's caller; a refused key throws its AppError (the connection is not kept). */
  async open(credentials: Credentials, close: Connection['close']): Promise<Connection> {
    const connection: Connection = { credentials, caller: await this.resolver.resolve(credentials), close };
    this.connections.add(connection);
    return connection;
  }

  /**
   * The connection's caller now (a key from the cache costs no SQL, a session cookie one read), or
   * null when its rights are gone: it is then closed.
   */
  async current(connection: Connection): Promise<Caller | null> {
    return (await this.check(connection)) ? connection.caller : null;
  }

  forget(connection: Connection): void {
    this.connections.delete(connection);
  }

  /** Stops listening (the connections are closed by their server). */
  dispose(): void {
    this.signals.off('caller_changed', this.onCallerChanged);
    this.signals.off('session_ended', this.onSessionEnded);
    this.signals.offListeningChange(this.onListening);
    this.connections.clear();
  }

  get size(): number {
    return this.connections.size;
  }

  private recheck(concerned: (caller: Caller) => boolean): void {
    for (const connection of this.connections) {
      if (concerned(connection.caller)) void this.check(connection);
    }
  }

  /** Resolves the credentials again: the same identity keeps the connection (with what changed, e.g. a new email); anything else closes it. */
  private async check(connection: Connection): Promise<boolean> {
    if (!this.connections.has(connection)) return false;
    let now: Caller;
    try {
      now = await this.resolver.resolve(connection.credentials);
    } catch (error) {
      if (error instanceof AppError) return this.end(connection, CLOSE_FORBIDDEN, error.message);
      this.log.warn({ err: error }, 'could not check the caller of a WebSocket connection; closing it');
      return this.end(connection, CLOSE_UNCHECKED, 'The credentials could not be checked; connect again.');
    }
    if (!sameIdentity(connection.caller, now)) return this.end(connection, CLOSE_FORBIDDEN, 'The credentials of this connection no longer hold.');
    connection.caller = now;
    return this.connections.has(connection);
  }

  private end(connection: Connection, code: number, reason: string): false {
    if (this.connections.delete(connection)) {
      this.log.info({ code, reason }, 'WebSocket connection closed: its caller changed');
      // After what is being sent (the refusal of the operation that found it out) has gone.
      setImmediate(() => connection.close(code, reasonOf(reason)));
    }
    return false;
  }
}

/** Whether a signal's id names a caller's (a payload that is no id concerns every caller). */
function idMatcher(payload: string, idOf: (caller: Caller) => number | null): (caller: Caller) => boolean {
  const id = Number(payload);
  if (payload === '' || !Number.isFinite(id)) return () => true;
  return (caller) => idOf(caller) === id;
}
