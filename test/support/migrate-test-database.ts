/**
 * Brings the test database's schemas (the platform's and the depot's) up to date, once per run, in a
 * process of its own (the ORM's metadata would otherwise leak from jest's parent into its sandboxes).
 * Reads TEST_DATABASE_URL (the run's embedded server, or the server the run was given).
 */
import 'reflect-metadata';
import { openDatabase } from '../../src/db/database';
import { openDepotDatabase } from '../../src/depot/db/depot-database';
import { createLogger } from '../../src/logging/logger';

async function main(): Promise<void> {
  const where = { databaseUrl: process.env.TEST_DATABASE_URL, log: createLogger('warn') };
  await (await openDatabase({ ...where, listen: false })).close();
  await (await openDepotDatabase(where)).close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
