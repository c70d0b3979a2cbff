import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Logger } from '../../../logging/logger';
import type { MigrateSchemas } from './carry-over-target';

const CARRY_OVER_LOCK = 7_150_506; // one process carries over; the others find it done

/**
 * Releases before this one kept the embedded database in PGlite's files, `DATA_DIR/pgdata`. On the
 * first start of this release on such a DATA_DIR, they are carried into the embedded server (a line
 * of the log per step), and the directory is then renamed `pgdata.carried-over-<time>`, kept for the
 * operator to remove. A failure stops the start with the reason: the PGlite directory is untouched,
 * the new database holds no row, and the next start tries again.
 */
export async function carryOverEarlierRelease(dataDir: string, url: string, log: Logger, migrateSchemas: MigrateSchemas): Promise<void> {
  const pgdata = join(dataDir, 'pgdata');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) return;
  const lock = new Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [CARRY_OVER_LOCK]);
    if (!existsSync(join(pgdata, 'PG_VERSION'))) return; // another process of this DATA_DIR did it meanwhile
    const started = Date.now();
    // PGlite (the WebAssembly PostgreSQL that reads the old files) is loaded only for this.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { carryOverPglite } = require('./pglite-carry-over') as typeof import('./pglite-carry-over');
    log.info({ from: pgdata }, 'carrying the PGlite database of an earlier release over into the embedded PostgreSQL');
    const result = await carryOverPglite({ pgliteDir: pgdata, targetUrl: url, log, migrateSchemas, progress: (step, done, total) => log.info({ step, done, total }, 'carry-over') });
    const kept = `${pgdata}.carried-over-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(pgdata, kept);
    rmSync(`${pgdata}.lock`, { force: true });
    const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
    log.info({ rows, tables: result.tables.length, sequences: result.sequences, kept, ms: Date.now() - started }, 'carried over: the PGlite directory is kept, renamed; remove it once satisfied');
  } catch (error) {
    throw new Error(`Carrying the PGlite database in ${pgdata} over failed; nothing was changed there, and the next start tries again: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [CARRY_OVER_LOCK]).catch(() => undefined);
    await lock.end();
  }
}
