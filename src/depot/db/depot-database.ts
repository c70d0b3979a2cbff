import { type Database, openDatabase } from '../../db/database';
import type { Logger } from '../../logging/logger';
import { DEPOT_TARGET } from './depot-target';

export { DEPOT_TARGET } from './depot-target';

export interface DepotDatabaseOptions {
  databaseUrl?: string;
  /** DATA_DIR: its embedded server (shared with the platform's processes) when no URL. */
  dataDir?: string;
  log: Logger;
  migrate?: boolean;
}

/**
 * The depot's database: its own ORM (entities, migrations) on its own schema, on the server of
 * DEPOT_DATABASE_URL/DATABASE_URL or on the embedded server of DATA_DIR (the platform's). It listens
 * for the signals of its key cache (`depot_caller_changed`).
 */
export function openDepotDatabase(options: DepotDatabaseOptions): Promise<Database> {
  return openDatabase({ ...options, target: DEPOT_TARGET });
}
