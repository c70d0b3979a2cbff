/**
 * Carries the embedded PGlite database of an earlier release into an empty PostgreSQL database:
 *   npm run admin -- carry-over-pglite [--from DATA_DIR/pgdata] [--to postgres://…/empty_database]
 * (`--from` defaults to DATA_DIR/pgdata, `--to` to the configured database: DATABASE_URL, or the
 * embedded server of DATA_DIR). The first start of this release on such a DATA_DIR does it by itself;
 * this is for doing it on demand, or into an external server. Prints a line per step; exits 0 once
 * every row is in the target, else 1 with the reason (the target then holds no row, and the PGlite
 * directory is never written to). The PGlite release's service must be stopped. Dataset files stay
 * where they are: start the service on the target with the same DATA_DIR.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AppConfig } from '../config/app-config';
import { migrateAllSchemas } from '../db/database';
import { openEmbeddedServer } from '../db/embedded-server';
import { redactedUrl } from '../db/embedded-server/pglite-carry-over/carry-over-target';
import { carryOverPglite } from '../db/embedded-server/pglite-carry-over/pglite-carry-over';
import type { Logger } from '../logging/logger';

export const CARRY_OVER_USAGE = 'npm run admin -- carry-over-pglite [--from <DATA_DIR/pgdata>] [--to <postgres://… of an empty database>]';

export async function carryOverCommand(args: string[], config: AppConfig, log: Logger, out: (line: string) => void): Promise<number> {
  const { from, to } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' } }, strict: true }).values;
  const embedded = to || config.databaseUrl ? null : await openEmbeddedServer(config.dataDir, log);
  const target = to || config.databaseUrl || embedded?.url() || '';
  try {
    const started = Date.now();
    const line = (text: string) => out(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${text}`);
    const result = await carryOverPglite({
      pgliteDir: from ?? join(config.dataDir, 'pgdata'),
      targetUrl: target,
      log,
      migrateSchemas: (url) => migrateAllSchemas(url, log),
      // A line as each step ends, and after each batch of a big table.
      progress: (step, done, total) => line(`${step}: ${done}/${total}`),
    });
    const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
    line(`carried over ${rows} rows of ${result.tables.length} tables and ${result.sequences} sequences into ${redactedUrl(target)}`);
    return 0;
  } catch (error) {
    throw new Error(`carry-over failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await embedded?.release();
  }
}
