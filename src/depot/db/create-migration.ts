/**
 * Writes a new migration of the depot's schema from the difference between its entities and its
 * committed migrations: `npm run depot:migration:create -- <name>` (on an embedded server of its own, no server needed).
 */
import 'reflect-metadata';
import { runMigrationWriter } from '../../db/migration-writer';
import { openDepotDatabase } from './depot-database';

runMigrationWriter((log, dataDir) => openDepotDatabase({ log, dataDir, migrate: true }));
