import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts the SQL statements of one unit of work (an HTTP request): the ORM's query hook adds to the
 * scope it runs in, so background workers never blur a request's figure.
 */
export interface QueryTally {
  count: number;
}

export const queryScope = new AsyncLocalStorage<QueryTally>();
