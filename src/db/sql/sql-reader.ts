import { TransactionContext } from '@mikro-orm/core';
import { asDatabaseError } from '../../errors/database-errors';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { type QueryResultRow, types } from 'pg';
import { type ColumnDescription, rowObjects } from './row-objects';
import { getTypeParserWithTimestamptz } from './timestamptz-text';
import { type BatchConnectionSource, type BatchOptions, readInBatches, type StatementCounter } from './sql-batches';
import type { SqlStatement } from './sql-statement';

/** The part of a pooled pg connection the reader uses. */
interface PgConnection {
  /** Rows as arrays, made objects by `rowObjects` (one builder per column list). */
  query(config: { text: string; values: unknown[]; name?: string; rowMode: 'array'; types: TypeParsers }): Promise<{ rows: unknown[][]; fields: ColumnDescription[] }>;
}

interface TypeParsers {
  getTypeParser: typeof types.getTypeParser;
}

/**
 * pg's own parsers (timestamps to Date, json to objects), not the ORM's per-connection ones (which
 * hand timestamps over as text for the ORM to convert): read models get typed values from the driver.
 * Timestamps with a zone are read by position (`parseTimestamptz`: the same Dates, no regular expression).
 */
const DRIVER_TYPES: TypeParsers = { getTypeParser: getTypeParserWithTimestamptz as typeof types.getTypeParser };

/** The part of knex's client the reader uses: its pool (or, for a transaction, the transaction's connection). */
interface ConnectionSource {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<unknown>;
}


/**
 * Runs read statements on the ORM's own connections, without the ORM: no query building, no
 * hydration, no unit of work. Inside a transaction (a write that reads back what it wrote) the
 * statement runs on the transaction's connection; otherwise on a pooled one.
 */
export class SqlReader {
  private readonly names = new Map<string, string>();

  constructor(
    private readonly orm: MikroORM,
    private readonly counter: StatementCounter,
  ) {}

  async rows<Row extends QueryResultRow>(em: EntityManager | null, statement: SqlStatement<Row>, params: readonly unknown[]): Promise<Row[]> {
    const source = this.sourceFor(em);
    const connection = await source.acquireConnection().catch((error: unknown) => {
      throw asDatabaseError(error);
    });
    this.counter.count(statement.text, params);
    try {
      const config = { text: statement.text, values: params as unknown[], name: this.nameOf(statement), rowMode: 'array' as const, types: DRIVER_TYPES };
      const result = await connection.query(config);
      return rowObjects<Row>(result.fields, result.rows);
    } catch (error) {
      throw asDatabaseError(error);
    } finally {
      await source.releaseConnection(connection);
    }
  }

  /**
   * One statement whose rows come in batches as they are read (sql-batches.ts): a cursor on a
   * pooled connection; inside a transaction, the rows read at once.
   */
  batches<Row>(em: EntityManager | null, statement: SqlStatement<Row>, params: readonly unknown[], options: BatchOptions): AsyncGenerator<Row[], void, undefined> {
    if (options.expectedRows !== undefined && options.expectedRows <= options.batchSize && !options.rowMode) {
      return this.rowsInBatches(em, statement as SqlStatement<Row & QueryResultRow>, params, options.batchSize);
    }
    const transaction = this.transactionOf(em);
    const source = (transaction ?? this.orm.em.getKnex().client) as BatchConnectionSource;
    return readInBatches(source, this.counter, DRIVER_TYPES, statement, params, options, !transaction);
  }

  /** `rows` handed out in batches: a small listing read as one prepared statement, one round trip. */
  private async *rowsInBatches<Row extends QueryResultRow>(em: EntityManager | null, statement: SqlStatement<Row>, params: readonly unknown[], batchSize: number): AsyncGenerator<Row[], void, undefined> {
    const rows = await this.rows(em, statement, params);
    for (let start = 0; start < rows.length; start += batchSize) yield rows.slice(start, start + batchSize);
  }

  async one<Row extends QueryResultRow>(em: EntityManager | null, statement: SqlStatement<Row>, params: readonly unknown[]): Promise<Row | null> {
    return (await this.rows(em, statement, params))[0] ?? null;
  }

  /**
   * The transaction of `em`, or the one the ORM has open in this async context (a `transactional`
   * callback): a read beside it would not see what it wrote.
   */
  private sourceFor(em: EntityManager | null): ConnectionSource {
    return this.transactionOf(em) ?? (this.orm.em.getKnex().client as ConnectionSource);
  }

  private transactionOf(em: EntityManager | null): ConnectionSource | null {
    type Trx = { client: ConnectionSource };
    const transaction = em?.getTransactionContext<Trx>() ?? TransactionContext.getEntityManager(this.orm.em.name)?.getTransactionContext<Trx>();
    return transaction ? transaction.client : null;
  }

  /** A statement name is bound to one text for the life of the process (pg prepares it per connection). */
  private nameOf(statement: SqlStatement<unknown>): string {
    const known = this.names.get(statement.name);
    if (known === undefined) this.names.set(statement.name, statement.text);
    else if (known !== statement.text) throw new Error(`two statements named ${statement.name}`);
    return statement.name;
  }
}
