import { Pool, type QueryResultRow } from 'pg';
import Cursor from 'pg-cursor';
import { startEmbeddedPostgres } from '../../../src/db/embedded-postgres';

/** The baseline's connection pool: a PostgreSQL server (DATABASE_URL) or a PGlite directory the service wrote. */
export interface Database {
  pool: Pool;
  close(): Promise<void>;
}

/** An idle connection that fails is replaced by the pool; without a listener it would end the process. */
const reportIdleError = (error: Error) => process.stderr.write(`baseline: idle connection failed: ${error.message}\n`);

export async function openDatabase(databaseUrl: string | undefined, pgliteDataDir: string | undefined): Promise<Database> {
  if (databaseUrl) {
    const pool = new Pool({ connectionString: databaseUrl, max: 10 }).on('error', reportIdleError);
    return { pool, close: () => pool.end() };
  }
  if (!pgliteDataDir) throw new Error('set DATABASE_URL, or PGLITE_DATA_DIR (<service DATA_DIR>/pgdata)');
  const embedded = await startEmbeddedPostgres(pgliteDataDir);
  // PGlite is a single session: one connection.
  const pool = new Pool({ host: embedded.socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 1 }).on('error', reportIdleError);
  return {
    pool,
    async close() {
      await pool.end();
      await embedded.stop();
    },
  };
}

/** The SQL of one request: counts the statements it sends (the `x-sql-queries` header). */
export class RequestSql {
  count = 0;

  constructor(private readonly pool: Pool) {}

  async rows<T extends QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
    this.count += 1;
    return (await this.pool.query<T>(text, values)).rows;
  }

  async row<T extends QueryResultRow>(text: string, values: unknown[]): Promise<T | undefined> {
    return (await this.rows<T>(text, values))[0];
  }

  /**
   * One statement read in batches (the streamed listings): pg-cursor on a connection of its own, held
   * until the rows end or the reader stops. On PGlite (one session, one connection) a portal left open
   * while another request runs would be closed: there the rows are read at once, then handed out.
   */
  async *batches<T extends QueryResultRow>(text: string, values: unknown[], batchSize: number): AsyncGenerator<T[], void, undefined> {
    this.count += 1;
    const client = await this.pool.connect();
    try {
      if (this.pool.options.max === 1) {
        const { rows } = await client.query<T>(text, values);
        for (let start = 0; start < rows.length; start += batchSize) yield rows.slice(start, start + batchSize);
        return;
      }
      const cursor = client.query(new Cursor<T>(text, values));
      try {
        for (;;) {
          const rows = await cursor.read(batchSize);
          if (rows.length === 0) return;
          yield rows;
          if (rows.length < batchSize) return;
        }
      } finally {
        await cursor.close();
      }
    } finally {
      client.release();
    }
  }
}
