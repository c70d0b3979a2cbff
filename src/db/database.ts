import { MikroORM } from '@mikro-orm/postgresql';
import { DatabaseOutage, followPool } from './database-outage';
import { routeKnexLog } from './knex-log';
import { Client } from 'pg';
import { buildOrmConfig, type OrmTarget, PLATFORM_TARGET } from '../../mikro-orm.config';
import { DEPOT_TARGET } from '../depot/db/depot-target';
import type { Logger } from '../logging/logger';
import { type EmbeddedServer, openEmbeddedServer } from './embedded-server';
import { carryOverEarlierRelease } from './embedded-server/pglite-carry-over/carry-over-on-first-start';
import { queryScope } from './query-scope';
import { serverAfterCreate } from './server-session';
import { DatabaseSignals, ServerSignalListener } from './signals';
import { SqlReader } from './sql/sql-reader';
import { SqlRecorder } from './sql/sql-recorder';
import { patchOrmForLongTexts } from './long-text-patches';

export interface DatabaseOptions {
  /** A PostgreSQL URL; absent means the embedded server of `dataDir`. */
  databaseUrl?: string;
  /** DATA_DIR: the embedded server keeps its cluster in `<dataDir>/postgres` (when no databaseUrl). */
  dataDir?: string;
  log: Logger;
  migrate?: boolean;
  /** Entities, migrations and schema (the platform's by default; the depot has its own). */
  target?: OrmTarget;
  /** Whether to LISTEN for the signals of other processes (default true). */
  listen?: boolean;
  /** Append every statement sent (text, parameters) to this file as JSON lines (benchmarks: RECORD_SQL_FILE). */
  recordSqlFile?: string | null;
}

export interface Database {
  orm: MikroORM;
  /** Whether this is the embedded server of DATA_DIR (started by the service) rather than DATABASE_URL's. */
  embedded: boolean;
  /** Where it connects (the depot of the same process shares it). */
  url: string;
  /** Counts every SQL statement sent, for benchmarks and the constant-query tests. */
  queries: QueryCounter;
  /** Read statements without the ORM, on the ORM's connections. */
  reader: SqlReader;
  /** What other processes signal through LISTEN/NOTIFY (cache invalidation). */
  signals: DatabaseSignals;
  /** Whether the database can be reached now, as the connection pool finds out (one log line per outage). */
  outage: DatabaseOutage;
  close(): Promise<void>;
}

export class QueryCounter {
  total = 0;
  constructor(private readonly recorder: SqlRecorder | null = null) {}
  reset(): void {
    this.total = 0;
  }
  /** Counts one statement sent (in the process total and the request's tally) and records it when asked to. */
  count(text: string, params: readonly unknown[] | undefined): void {
    this.total += 1;
    const tally = queryScope.getStore();
    if (tally) tally.count += 1;
    this.recorder?.record(text, params, tally !== undefined);
  }
}

const MIGRATION_LOCK = 7_150_505; // any constant; serialises migrations of processes sharing a server

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // A request's long text in a where clause must not cost the ORM its length in allocations.
  patchOrmForLongTexts();
  let embedded: EmbeddedServer | undefined;
  let url: string;
  if (options.databaseUrl) url = options.databaseUrl;
  else if (options.dataDir) {
    embedded = await openEmbeddedServer(options.dataDir, options.log);
    url = embedded.url();
    await carryOverEarlierRelease(options.dataDir, url, options.log, (target) => migrateAllSchemas(target, options.log)).catch(async (error: unknown) => {
      await embedded?.release();
      throw error;
    });
  } else throw new Error('openDatabase: neither a database URL nor a DATA_DIR for the embedded server');
  const queries = new QueryCounter(options.recordSqlFile ? new SqlRecorder(options.recordSqlFile) : null);
  const signals = new DatabaseSignals();
  const outage = new DatabaseOutage(options.log);
  const listener = options.listen !== false ? new ServerSignalListener(url, signals, options.log) : null;
  let orm: MikroORM;
  try {
    orm = await MikroORM.init(buildOrmConfig(url, { logger: (message: string) => options.log.debug({ orm: message }, 'orm') }, serverAfterCreate, options.target));
    orm.em.getKnex().on('query', (query: { sql: string; bindings?: unknown[] }) => queries.count(query.sql, query.bindings));
    followPool((orm.em.getKnex().client as { pool?: Parameters<typeof followPool>[0] }).pool, outage);
    routeKnexLog(orm.em.getKnex().client as Parameters<typeof routeKnexLog>[0], options.log);
    if (options.migrate !== false) await migrate(orm, url, options.log);
    await listener?.start();
  } catch (error) {
    await listener?.stop();
    await embedded?.release();
    throw error;
  }
  return {
    orm,
    embedded: Boolean(embedded),
    url,
    queries,
    reader: new SqlReader(orm, queries),
    signals,
    outage,
    async close() {
      await listener?.stop();
      await orm.close(true);
      await embedded?.release();
    },
  };
}

/** Brings the platform's and the depot's schemas of a database up to date (the carry-over's source and target). */
export async function migrateAllSchemas(url: string, log: Logger): Promise<void> {
  for (const target of [PLATFORM_TARGET, DEPOT_TARGET]) {
    const db = await openDatabase({ databaseUrl: url, log, listen: false, target });
    await db.close();
  }
}

/** Applies the committed migrations, one process at a time. */
async function migrate(orm: MikroORM, url: string, log: Logger): Promise<void> {
  const lock = new Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await orm.getMigrator().up();
    if (applied.length > 0) log.info({ migrations: applied.map((m) => m.name) }, 'database migrated');
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}
