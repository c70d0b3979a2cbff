/**
 * Writes a new migration from the difference between the entities and the committed migrations:
 * `npm run migration:create -- <name>`. Runs on an in-memory PGlite, so no server is needed.
 */
import 'reflect-metadata';
import { createLogger } from '../logging/logger';
import { openDatabase } from './database';

async function main(): Promise<void> {
  const log = createLogger('info');
  const db = await openDatabase({ log, migrate: true });
  try {
    const result = await db.orm.getMigrator().createMigration(undefined, false, false, process.argv[2]);
    log.info({ file: result.fileName || 'none (no changes)' }, 'migration created');
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
