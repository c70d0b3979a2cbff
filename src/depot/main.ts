import 'reflect-metadata';
import type { Server } from 'node:http';
import { closeServer } from '../app/platform';
import { listenOn } from '../app/server-process';
import { loadConfig } from '../config/app-config';
import { createLogger } from '../logging/logger';
import { startDepot } from './app/depot';
import { depotConfigOf } from './config/depot-config';

/**
 * `npm run depot`: the depot alone, on DEPOT_PORT, with its own schema of DATABASE_URL /
 * DEPOT_DATABASE_URL, or of the embedded database in DATA_DIR (which then belongs to this process).
 */
async function main(): Promise<void> {
  const appConfig = loadConfig();
  const log = createLogger(appConfig.logLevel);
  const config = depotConfigOf(appConfig);
  if (config.port === 0) throw new Error('DEPOT_PORT=0: the depot has no port to listen on.');
  const depot = await startDepot(config, log);
  let server: Server;
  try {
    server = await listenOn(depot.http, config.port, 'DEPOT_PORT');
  } catch (error) {
    await depot.close().catch(() => undefined);
    throw error;
  }
  log.info({ url: `http://localhost:${config.port}`, pid: process.pid }, 'depot listening');
  process.stdout.write(`\n  Depot API: http://localhost:${config.port}/api      GraphQL: http://localhost:${config.port}/graphql\n\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'depot shutting down');
    await Promise.all([closeServer(server, config.shutdownDeadlineSeconds * 1000), depot.stopWorkers()]);
    await depot.close();
    process.exit(0);
  };
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
