import type Cursor from 'pg-cursor';
import { corkedCursor, socketOf } from './corked-cursor';
import type { types } from 'pg';
import { type ColumnDescription, rowObjects } from './row-objects';
import type { SqlStatement } from './sql-statement';

/** How a batched read hands its rows out. */
export interface BatchOptions {
  /** Rows per batch (the last may be shorter; none is empty). */
  batchSize: number;
  /**
   * With a cursor, each further batch is twice the last, up to this many rows (default: batchSize):
   * the first batch goes out soon, and a listing of 100,000 rows is read in a few dozen steps
   * instead of a hundred (each step a round trip and a socket write on both sides).
   */
  growTo?: number;
  /** Rows as arrays of column values, in the statement's column order: no object per row. */
  rowMode?: 'array';
  /**
   * What the caller knows bounds the rows (a history's hid counter, say). When it is one batch or
   * less, a cursor's extra round trips and unprepared statement are not worth it: the statement runs
   * as a prepared one and its rows are handed out at once. A wrong estimate costs memory, not rows.
   */
  expectedRows?: number;
}

/** What a batched read needs of a pooled pg connection: pg's `query`, which also submits a cursor. */
export interface CursorConnection {
  query(cursor: Cursor): Cursor;
  query(config: { text: string; values: unknown[]; rowMode: 'array'; types: TypeParsers }): Promise<{ rows: unknown[]; fields: ColumnDescription[] }>;
}

export interface TypeParsers {
  getTypeParser: typeof types.getTypeParser;
}

/** Counts statements for the per-request tally and the process total (benchmarks, constant-query tests), and records them when asked to. */
export interface StatementCounter {
  count(text: string, params: readonly unknown[]): void;
}

/** Where the connection comes from and goes back to (knex's pool, or a transaction's connection). */
export interface BatchConnectionSource {
  acquireConnection(): Promise<CursorConnection>;
  releaseConnection(connection: CursorConnection): Promise<unknown>;
}

/**
 * One statement read in batches: a single statement, counted once in the request's tally, on one
 * connection held until the iteration ends, fails or is ended early (`return()`: the caller went
 * away). With `cursor`, PostgreSQL hands the rows over a portal `batchSize` at a time, so memory holds
 * one batch; without (inside a transaction, whose connection may not hold an open portal beside its
 * other statements), the statement's rows are read at once and handed out in batches: still one
 * statement.
 */
export async function* readInBatches<Row>(
  source: BatchConnectionSource,
  counter: StatementCounter,
  typeParsers: TypeParsers,
  statement: SqlStatement<Row>,
  params: readonly unknown[],
  options: BatchOptions,
  cursor: boolean,
): AsyncGenerator<Row[], void, undefined> {
  const connection = await source.acquireConnection();
  counter.count(statement.text, params);
  try {
    const asArrays = options.rowMode === 'array';
    if (!cursor) {
      const { rows, fields } = await connection.query({ text: statement.text, values: params as unknown[], rowMode: 'array', types: typeParsers });
      const all = asArrays ? rows : rowObjects(fields, rows as unknown[][]);
      for (let start = 0; start < all.length; start += options.batchSize) yield all.slice(start, start + options.batchSize) as Row[];
      return;
    }
    // Rows come as arrays and are made objects by one builder per column list (row-objects.ts).
    const socket = socketOf(connection);
    socket?.cork();
    let reading: Cursor;
    let pending: Promise<Row[]> | null;
    const largest = Math.max(options.batchSize, options.growTo ?? options.batchSize);
    let size = options.batchSize;
    let asked = size;
    const read = (): Promise<Row[]> => {
      asked = size;
      size = Math.min(size * 2, largest);
      const next = new Promise<Row[]>((resolve, reject) => {
        reading.read(asked, (error, rows, result) => {
          if (error) reject(error);
          else resolve((asArrays ? rows : rowObjects(result.fields, rows as unknown as unknown[][])) as Row[]);
        });
      });
      // Awaited below (or in `finally`); this only keeps a failure from counting as unhandled meanwhile.
      next.catch(() => undefined);
      return next;
    };
    try {
      // Opened and asked for its first batch in one write (the cursor's steps are corked each: corkedCursor).
      reading = connection.query(corkedCursor(statement.text, params as unknown[], { rowMode: 'array', types: typeParsers }));
      // The next batch is asked for before this one is handed out, so PostgreSQL produces it while the
      // caller serialises and writes this one (one batch ahead: memory still holds at most two).
      pending = read();
    } finally {
      socket?.uncork();
    }
    try {
      for (;;) {
        const rows: Row[] = await pending;
        pending = rows.length === asked ? read() : null;
        if (rows.length > 0) yield rows;
        if (!pending) return;
      }
    } finally {
      // A read still under way (the caller left early) ends before the portal is closed.
      if (pending) await pending.catch(() => undefined);
      await reading.close();
    }
  } finally {
    await source.releaseConnection(connection);
  }
}
