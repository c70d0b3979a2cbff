import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../logging/logger';
import { createLogger } from '../logging/logger';
import type { Database } from './database';

/**
 * Writes a new migration from the difference between the entities and the committed migrations of
 * the database `open` returns (the platform's or the depot's), named by the first argument. The
 * database is an embedded server on a DATA_DIR of its own, removed afterwards: no server is needed.
 */
export function runMigrationWriter(open: (log: Logger, dataDir: string) => Promise<Database>): void {
  const log = createLogger('info');
  const write = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'migration-writer-'));
    try {
      const db = await open(log, dataDir);
      try {
        const result = await db.orm.getMigrator().createMigration(undefined, false, false, process.argv[2]);
        log.info({ file: result.fileName || 'none (no changes)' }, 'migration created');
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  write().catch((error: unknown) => {
    process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
    process.exit(1);
  });
}
