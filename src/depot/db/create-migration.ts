/**
 * Writes a new migration of the depot's schema from the difference between its entities and its
 * committed migrations: `npm run depot:migration:create -- <name>` (in-memory PGlite, no server needed).
 */
import 'reflect-metadata';
import { runMigrationWriter } from '../../db/migration-writer';
import { openDepotDatabase } from './depot-database';

runMigrationWriter((log) => openDepotDatabase({ log, migrate: true }));
