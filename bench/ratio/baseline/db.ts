import { Pool, type QueryResultRow } from 'pg';
import Cursor from 'pg-cursor';
import { type EmbeddedServer, openEmbeddedServer } from '../../../src/db/embedded-server';
import { createLogger } from '../../../src/logging/logger';

/** The baseline's connection pool: a PostgreSQL server (DATABASE_URL) or the embedded server of the service's DATA_DIR. */
export interface Database {
  pool: Pool;
  /** Where the pool connects (a dedicated connection of the key cache LISTENs there). */
  url: string;
  close(): Promise<void>;
}

/** An idle connection that fails is replaced by the pool; without a listener it would end the process. */
const reportIdleError = (error: Error) => process.stderr.write(`baseline: idle connection failed: ${error.message}\n`);

/**
 * Without DATABASE_URL the baseline joins the embedded PostgreSQL of `dataDir` (the one the service
 * started there, or starts it as the service would) and reads the service's database on it.
 */
export async function openDatabase(databaseUrl: string | undefined, dataDir: string | undefined): Promise<Database> {
  let embedded: EmbeddedServer | undefined;
  let url: string;
  if (databaseUrl) url = databaseUrl;
  else if (dataDir) {
    embedded = await openEmbeddedServer(dataDir, createLogger('warn'));
    url = embedded.url();
  } else throw new Error('set DATABASE_URL, or DATA_DIR (the service\'s: the baseline joins its embedded PostgreSQL)');
  const pool = new Pool({ connectionString: url, max: 10 }).on('error', reportIdleError);
  return {
    pool,
    url,
    async close() {
      await pool.end();
      await embedded?.release();
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
   * until the rows end or the reader stops.
   */
  async *batches<T extends QueryResultRow>(text: string, values: unknown[], batchSize: number): AsyncGenerator<T[], void, undefined> {
    this.count += 1;
    const client = await this.pool.connect();
    try {
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
