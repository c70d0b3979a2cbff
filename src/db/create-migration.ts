/**
 * Writes a new migration from the difference between the entities and the committed migrations:
 * `npm run migration:create -- <name>`. Runs on an embedded server of its own, so no server is needed.
 */
import 'reflect-metadata';
import { openDatabase } from './database';
import { runMigrationWriter } from './migration-writer';

runMigrationWriter((log, dataDir) => openDatabase({ log, dataDir, migrate: true }));
