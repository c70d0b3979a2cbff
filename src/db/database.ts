import { MikroORM } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import { Client } from 'pg';
import { buildOrmConfig, type OrmConnection, type OrmTarget } from '../../mikro-orm.config';
import type { Logger } from '../logging/logger';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { queryScope } from './query-scope';
import { serverAfterCreate } from './server-session';
import { DatabaseSignals, embeddedAfterCreate, ServerSignalListener, subscribeEmbedded } from './signals';
import { SqlReader } from './sql/sql-reader';
import { SqlRecorder } from './sql/sql-recorder';
import { patchOrmForLongTexts } from './long-text-patches';

export interface DatabaseOptions {
  /** A PostgreSQL URL; absent means the embedded PGlite. */
  databaseUrl?: string;
  /** Where the embedded PGlite keeps its files (`<dataDir>/pgdata`); absent keeps it in memory. */
  dataDir?: string;
  /** Connect to an embedded PGlite another part of the process already serves (the test harness). */
  embeddedSocketDir?: string;
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
  embedded: boolean;
  /** The unix-socket directory of the embedded PGlite (another application of the process may share it); null on a server. */
  embeddedSocketDir: string | null;
  /** Counts every SQL statement sent, for benchmarks and the constant-query tests. */
  queries: QueryCounter;
  /** Read statements without the ORM, on the ORM's connections. */
  reader: SqlReader;
  /** What other processes signal through LISTEN/NOTIFY (cache invalidation). */
  signals: DatabaseSignals;
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
  let embedded: EmbeddedPostgres | undefined;
  let connection: OrmConnection;
  if (options.databaseUrl) {
    connection = { kind: 'server', url: options.databaseUrl };
  } else if (options.embeddedSocketDir) {
    connection = { kind: 'embedded', socketDir: options.embeddedSocketDir };
  } else {
    embedded = await startEmbeddedPostgres(options.dataDir ? join(options.dataDir, 'pgdata') : undefined);
    connection = { kind: 'embedded', socketDir: embedded.socketDir };
  }
  const queries = new QueryCounter(options.recordSqlFile ? new SqlRecorder(options.recordSqlFile) : null);
  const signals = new DatabaseSignals();
  const listen = options.listen !== false;
  const unsubscribe = listen && connection.kind === 'embedded' ? subscribeEmbedded(connection.socketDir, signals) : () => undefined;
  const listener = listen && connection.kind === 'server' ? new ServerSignalListener(connection.url, signals, options.log) : null;
  const afterCreate =
    connection.kind === 'server' ? serverAfterCreate : listen && connection.kind === 'embedded' ? embeddedAfterCreate(connection.socketDir) : undefined;
  let orm: MikroORM;
  try {
    orm = await MikroORM.init(buildOrmConfig(connection, { logger: (message: string) => options.log.debug({ orm: message }, 'orm') }, afterCreate, options.target));
    orm.em.getKnex().on('query', (query: { sql: string; bindings?: unknown[] }) => queries.count(query.sql, query.bindings));
    if (options.migrate !== false) await migrate(orm, connection, options.log);
    await listener?.start();
  } catch (error) {
    unsubscribe();
    await listener?.stop();
    await embedded?.stop();
    throw error;
  }
  return {
    orm,
    embedded: Boolean(embedded),
    embeddedSocketDir: connection.kind === 'embedded' ? connection.socketDir : null,
    queries,
    reader: new SqlReader(orm, queries, connection.kind === 'server'),
    signals,
    async close() {
      unsubscribe();
      await listener?.stop();
      await orm.close(true);
      await embedded?.stop();
    },
  };
}

/** Applies the committed migrations; on a server, one process at a time. */
async function migrate(orm: MikroORM, connection: OrmConnection, log: Logger): Promise<void> {
  const run = async () => {
    const applied = await orm.getMigrator().up();
    if (applied.length > 0) log.info({ migrations: applied.map((m) => m.name) }, 'database migrated');
  };
  if (connection.kind === 'embedded') return run();
  const lock = new Client({ connectionString: connection.url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await run();
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}
