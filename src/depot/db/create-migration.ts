/**
 * Writes a new migration of the depot's schema from the difference between its entities and its
 * committed migrations: `npm run depot:migration:create -- <name>` (in-memory PGlite, no server needed).
 */
import 'reflect-metadata';
import { createLogger } from '../../logging/logger';
import { openDepotDatabase } from './depot-database';

async function main(): Promise<void> {
  const log = createLogger('info');
  const db = await openDepotDatabase({ log, migrate: true });
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
