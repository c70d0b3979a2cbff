import type { Database } from '../../db/database';
import type { Logger } from '../../logging/logger';
import type { HttpApp } from '../../app/http-app';
import type { DepotConfig } from '../config/depot-config';
import type { DepotServices } from '../context/depot-services';
import { openDepotDatabase } from '../db/depot-database';
import { gitVersion } from '../vcs/git-command';
import { createDepotHttpApp } from './depot-http';
import { createDepotServices } from './depot-services';
import { sweepDepotScratch } from './depot-sweep';

/** A running depot: its database (own schema), services, task runner and HTTP app. */
export interface Depot {
  config: DepotConfig;
  services: DepotServices;
  http: HttpApp;
  stopWorkers(): Promise<void>;
  close(): Promise<void>;
}

export interface DepotStartOptions {
  /** Bring the depot's schema up to date first (default); the test harness migrates once for the whole run. */
  migrate?: boolean;
}

export async function startDepot(config: DepotConfig, log: Logger, options: DepotStartOptions = {}): Promise<Depot> {
  const depotLog = log.child({ app: 'depot' });
  try {
    await gitVersion();
  } catch {
    throw new Error('The depot keeps revisions in git, which is not installed here: install git, or set DEPOT_PORT=0 to leave the depot out.');
  }
  const db: Database = await openDepotDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: depotLog,
    migrate: options.migrate,
  });
  const services = createDepotServices(config, db, depotLog);
  let http: HttpApp;
  try {
    await sweepDepotScratch(services.layout, depotLog);
    http = await createDepotHttpApp(services);
    await services.tasks.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  let workersStopped: Promise<void> | undefined;
  const stopWorkers = () => {
    workersStopped ??= services.tasks.stop();
    return workersStopped;
  };
  return {
    config,
    services,
    http,
    stopWorkers,
    async close() {
      await stopWorkers();
      await http.stop();
      await db.close();
    },
  };
}
