import type { Logger } from '../logging/logger';
import { createLogger } from '../logging/logger';
import type { Database } from './database';

/**
 * Writes a new migration from the difference between the entities and the committed migrations of
 * the database `open` returns (the platform's or the depot's), named by the first argument.
 */
export function runMigrationWriter(open: (log: Logger) => Promise<Database>): void {
  const log = createLogger('info');
  const write = async () => {
    const db = await open(log);
    try {
      const result = await db.orm.getMigrator().createMigration(undefined, false, false, process.argv[2]);
      log.info({ file: result.fileName || 'none (no changes)' }, 'migration created');
    } finally {
      await db.close();
    }
  };
  write().catch((error: unknown) => {
    process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
    process.exit(1);
  });
}
