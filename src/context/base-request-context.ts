import type { EntityManager } from '@mikro-orm/postgresql';
import type { QueryResultRow } from 'pg';
import type { Database } from '../db/database';
import type { BatchOptions } from '../db/sql/sql-batches';
import type { SqlStatement } from '../db/sql/sql-statement';
import type { IdCodec } from '../ids/id-codec';
import type { Logger } from '../logging/logger';
import type { Caller } from './caller';
import { LoaderRegistry } from './loader-registry';

/** What a request of either application (the platform, the depot) reaches through its context. */
export interface ContextServices {
  db: Database;
  ids: IdCodec;
  log: Logger;
}

/** What a mutation may ask of the HTTP response (the session cookie), without seeing express. */
export interface ResponseHooks {
  setSessionCookie(value: string | null): void;
}

/**
 * One per request, built once and passed explicitly: identity, fresh DataLoaders, the process-wide
 * services, and an EntityManager forked on first use (a read-only request reads through `rows` and
 * never forks one). Each application narrows `services` to its own.
 */
export class BaseRequestContext<S extends ContextServices = ContextServices> {
  readonly loaders: LoaderRegistry<this> = new LoaderRegistry<this>(this);
  private readonly memos = new Map<string, Promise<unknown>>();
  private forked: EntityManager | null;

  constructor(
    private readonly emSource: EntityManager | (() => EntityManager),
    private currentCaller: Caller,
    readonly services: S,
    readonly log: Logger,
    readonly response: ResponseHooks = { setSessionCookie: () => undefined },
    /** The Host the request was sent to (recognises this server's own addresses in given URLs); null outside HTTP. */
    readonly requestHost: string | null = null,
    /** The client's address (through the proxies TRUST_PROXY believes): sign-ins are limited by it; null outside HTTP. */
    readonly clientAddress: string | null = null,
  ) {
    this.forked = typeof emSource === 'function' ? null : emSource;
  }

  /** The request's EntityManager, for writes and rules over entities. */
  get em(): EntityManager {
    if (this.forked === null) this.forked = typeof this.emSource === 'function' ? this.emSource() : this.emSource;
    return this.forked;
  }

  /**
   * Runs a read statement (a read model's one query): on the request's transaction when a write is
   * under way, otherwise straight on a pooled connection.
   */
  rows<Row extends QueryResultRow>(statement: SqlStatement<Row>, params: readonly unknown[]): Promise<Row[]> {
    return this.services.db.reader.rows(this.forked, statement, params);
  }

  /** One read statement whose rows come in batches as they are read (a cursor on a server). */
  batches<Row>(statement: SqlStatement<Row>, params: readonly unknown[], options: BatchOptions): AsyncGenerator<Row[], void, undefined> {
    return this.services.db.reader.batches(this.forked, statement, params, options);
  }

  async one<Row extends QueryResultRow>(statement: SqlStatement<Row>, params: readonly unknown[]): Promise<Row | null> {
    return (await this.rows(statement, params))[0] ?? null;
  }

  get caller(): Caller {
    return this.currentCaller;
  }

  /** After a login, the rest of the request acts as the new identity. */
  actAs(caller: Caller): void {
    this.currentCaller = caller;
    this.memos.clear();
  }

  /**
   * Forgets what this context has read (its DataLoaders, memos and unit of work): a subscription's
   * context serves every event of it, and each event must read anew, its nested fields included.
   */
  forgetReads(): void {
    this.loaders.clear();
    this.memos.clear();
    if (typeof this.emSource === 'function') this.forked = null;
    else this.forked?.clear();
  }

  /** Computes a per-request value once (e.g. the caller's role ids). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    let value = this.memos.get(key) as Promise<T> | undefined;
    if (!value) {
      value = compute();
      this.memos.set(key, value);
    }
    return value;
  }
}
