import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEPOT_TARGET } from '../../../depot/db/depot-target';
import type { Logger } from '../../../logging/logger';
import type { MigrateSchemas } from './carry-over-target';
import { CarryOverError } from './carry-over-error';
import { appliedMigrations, type SqlQuery, TEXT_SETTINGS } from './carry-over-catalog';
import { checkPgliteDirectory } from './pglite-directory';

/** A PGlite directory opened for reading: a private copy, brought up to this release's schema. */
export interface PgliteSource {
  query: SqlQuery;
  /** The migrations this release applied to the copy (the source was behind), `schema/name`. */
  migrated: string[];
  close(): Promise<void>;
}

/**
 * Opens a copy of the PGlite directory in a temporary directory, never the directory itself: opening
 * a cluster writes to it (recovery, checkpoints), and the original must stay byte for byte as it was.
 * The copy is then migrated by the platform's and the depot's own migrations (through a socket, as
 * the service does), so that its schema is the one the target gets.
 */
export async function openPgliteSource(pgliteDir: string, log: Logger, migrateSchemas: MigrateSchemas): Promise<PgliteSource> {
  const original = checkPgliteDirectory(pgliteDir);
  const scratch = mkdtempSync(join(tmpdir(), 'carry-over-'));
  const copy = join(scratch, 'pgdata');
  let db: PGlite | undefined;
  try {
    cpSync(original, copy, { recursive: true });
    db = await openCluster(original, copy);
    await db.exec('SET log_min_error_statement = panic');
    const opened = db;
    const query: SqlQuery = async <T>(text: string, params?: unknown[]) => (await opened.query<T>(text, params)).rows;
    const before = await migrationsOf(query);
    await withPgliteServed(db, join(scratch, 'socket'), migrateSchemas);
    const after = await migrationsOf(query);
    // PGlite is one session: whatever the ORM set on it is undone before the copy reads.
    await db.exec(['RESET ALL', 'SET log_min_error_statement = panic', ...TEXT_SETTINGS].join('; '));
    const migrated = after.filter((name) => !before.includes(name));
    if (migrated.length > 0) log.info({ migrations: migrated }, 'carry-over: the source was behind; its copy was migrated');
    return {
      query,
      migrated,
      async close() {
        await opened.close();
        rmSync(scratch, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await db?.close().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}

async function openCluster(original: string, copy: string): Promise<PGlite> {
  try {
    const db = await PGlite.create({ dataDir: copy });
    await db.query('SELECT 1');
    return db;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const version = readFileSync(join(original, 'PG_VERSION'), 'utf8').trim();
    throw new CarryOverError(
      `${original} cannot be opened as a PGlite data directory: it is damaged, or was made by a PGlite of another PostgreSQL version than this release's (its PG_VERSION says ${version}). PGlite said: ${reason || 'nothing'}`,
    );
  }
}

async function migrationsOf(query: SqlQuery): Promise<string[]> {
  const names: string[] = [];
  for (const schema of ['public', DEPOT_TARGET.schema ?? 'depot']) names.push(...(await appliedMigrations(query, schema)).map((name) => `${schema}/${name}`));
  return names;
}

/**
 * Serves an open PGlite on a Unix socket in `socketDir` for the time of `work`, which gets its URL:
 * the ordinary driver and ORM then work on it (PGlite is one session: one statement at a time).
 */
export async function withPgliteServed<T>(db: PGlite, socketDir: string, work: (url: string) => Promise<T>): Promise<T> {
  mkdirSync(socketDir, { recursive: true });
  const server = new PGLiteSocketServer({ db, path: join(socketDir, '.s.PGSQL.5432'), maxConnections: 2 });
  await server.start();
  try {
    return await work(`postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`);
  } finally {
    await server.stop();
  }
}
