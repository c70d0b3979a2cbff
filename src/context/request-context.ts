import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logging/logger';
import type { AppServices } from './app-services';
import type { Caller } from './caller';
import { LoaderRegistry } from './loader-registry';

/** What a mutation may ask of the HTTP response (the session cookie), without seeing express. */
export interface ResponseHooks {
  setSessionCookie(value: string | null): void;
}

/**
 * One per request, built once and passed explicitly: identity, a forked EntityManager,
 * fresh DataLoaders and the process-wide services.
 */
export class RequestContext {
  readonly loaders = new LoaderRegistry(this);
  private readonly memos = new Map<string, Promise<unknown>>();

  constructor(
    readonly em: EntityManager,
    private currentCaller: Caller,
    readonly services: AppServices,
    readonly log: Logger,
    readonly response: ResponseHooks = { setSessionCookie: () => undefined },
  ) {}

  get caller(): Caller {
    return this.currentCaller;
  }

  /** After a login, the rest of the request acts as the new identity. */
  actAs(caller: Caller): void {
    this.currentCaller = caller;
    this.memos.clear();
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
