import { Client, types } from 'pg';

/** The migration version of the platform's release 15.05 (`migrate_version`), the only one read. */
export const SUPPORTED_VERSION = 129;

/** A row of the source database as `pg` gives it (timestamps as their text, naive UTC). */
export type SourceRow = Record<string, unknown> & { id: number };

const TIMESTAMP_WITHOUT_ZONE = 1114;

/**
 * The 15.05 database, read only: every statement runs in a read-only transaction (the server
 * refuses any write), rows are read by id in batches.
 */
export class SourceDatabase {
  private readonly client: Client;
  private readonly columnCache = new Map<string, Set<string>>();

  constructor(private readonly url: string) {
    this.client = new Client({
      connectionString: url,
      options: '-c default_transaction_read_only=on',
      // Naive UTC timestamps stay text: the reading machine's time zone must not shift them.
      types: { getTypeParser: (oid, format) => (oid === TIMESTAMP_WITHOUT_ZONE ? (value: string) => value : types.getTypeParser(oid, format)) },
    });
  }

  /** Connects; a source that cannot be reached or refuses the connection is a SourceError naming why. */
  async open(): Promise<void> {
    try {
      await this.client.connect();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new SourceError(`cannot connect to the source database ${this.name}: ${reason}`);
    }
  }

  /** The source's URL without its password. */
  get name(): string {
    const parsed = new URL(this.url);
    parsed.password = '';
    return parsed.toString();
  }

  async close(): Promise<void> {
    await this.client.end();
  }

  /** Refuses anything but a 15.05 database (migrate_version 129), naming what it found. */
  async checkVersion(): Promise<void> {
    const table = await this.client.query<{ present: boolean }>("select to_regclass('public.migrate_version') is not null as present");
    if (!table.rows[0]?.present) throw new SourceError('the source database has no migrate_version table: it is not a database of the platform');
    const rows = await this.client.query<{ repository_id: string; version: number }>('select repository_id, version from migrate_version');
    const galaxy = rows.rows.find((row) => row.repository_id === 'Galaxy') ?? rows.rows[0];
    if (!galaxy) throw new SourceError('the source database has an empty migrate_version table');
    if (Number(galaxy.version) !== SUPPORTED_VERSION) {
      throw new SourceError(`the source database is at migration version ${galaxy.version}; only release 15.05 (version ${SUPPORTED_VERSION}) can be imported: upgrade or downgrade it to 15.05 first`);
    }
  }

  async hasTable(table: string): Promise<boolean> {
    return (await this.columnsOf(table)).size > 0;
  }

  /** The columns a source table has (the two 15.05 schemas differ a little). */
  async columnsOf(table: string): Promise<Set<string>> {
    let columns = this.columnCache.get(table);
    if (!columns) {
      const result = await this.client.query<{ column_name: string }>("select column_name from information_schema.columns where table_schema = 'public' and table_name = $1", [table]);
      columns = new Set(result.rows.map((row) => row.column_name));
      this.columnCache.set(table, columns);
    }
    return columns;
  }

  async count(table: string): Promise<number> {
    const result = await this.client.query<{ count: string }>(`select count(*) as count from ${quoted(table)}`);
    return Number(result.rows[0].count);
  }

  /** The next rows of a table after an id, in id order. */
  async batchAfter(table: string, afterId: number, limit: number): Promise<SourceRow[]> {
    const result = await this.client.query<SourceRow>(`select * from ${quoted(table)} where id > $1 order by id limit $2`, [afterId, limit]);
    return result.rows;
  }

  /** Any read-only query (lookups a step needs beside its batch). */
  async query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.client.query<T>(sql, params)).rows;
  }
}

export class SourceError extends Error {}

export function quoted(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a table or column name: ${name}`);
  return `"${name}"`;
}
