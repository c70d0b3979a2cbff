import type { Server } from 'node:http';
import type { AppConfig } from '../config/app-config';
import { type Depot, startDepot } from '../depot/app/depot';
import { depotConfigOf } from '../depot/config/depot-config';
import type { Logger } from '../logging/logger';
import { administratorExists } from './administrator-exists';
import { installMemoryReport } from './memory-report';
import { closeServer, startPlatform } from './platform';

export interface ServerProcessEvents {
  /** Listening on the port(s); whether an administrator user exists (the banner's first steps). */
  listening(started: { administratorExists: boolean }): void;
  /** Could not listen (most often: the port is taken); the process is about to exit with 1. */
  failed(reason: string): void;
}

/** Listens on a port; resolves once listening, rejects with a readable reason (a port in use names its variable). */
export function listenOn(app: { listen(port: number): Server }, port: number, variable: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port);
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(new Error(error.code === 'EADDRINUSE' ? `port ${port} is already in use (set ${variable})` : error.message));
    });
    server.once('listening', () => resolve(server));
  });
}

/**
 * One server process: the platform on its database, the HTTP server on the port (shared with the
 * other processes of a WEB_CONCURRENCY start), the depot on DEPOT_PORT (unless 0) in its own schema
 * of the same database, their job workers and task runners, and a clean stop on SIGTERM/SIGINT
 * (in-flight requests drain, workers stop claiming, local jobs go back to the queue).
 */
export async function runServerProcess(config: AppConfig, log: Logger, events: ServerProcessEvents): Promise<void> {
  if (config.memoryReportOnSignal) installMemoryReport();
  const platform = await startPlatform(config, log);
  let depot: Depot | null = null;
  const servers: Server[] = [];
  const closeAll = async () => {
    await depot?.close();
    await platform.close();
  };
  try {
    if (config.depotPort !== 0) {
      depot = await startDepot(depotConfigOf(config), log);
    }
    servers.push(await listenOn(platform.http, config.port, 'PORT'));
    if (depot) servers.push(await listenOn(depot.http, config.depotPort, 'DEPOT_PORT'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error({ err: error, port: config.port, depotPort: config.depotPort }, `cannot start: ${reason}`);
    events.failed(reason);
    for (const server of servers) server.close();
    await closeAll().catch(() => undefined);
    process.exit(1);
  }
  log.info({ url: `http://localhost:${config.port}`, database: config.databaseUrl ? 'server' : `embedded PostgreSQL in ${config.dataDir}/postgres`, pid: process.pid }, 'platform API listening');
  if (depot) log.info({ url: `http://localhost:${config.depotPort}`, pid: process.pid }, 'depot listening');
  administratorExists(platform.services.db, config.adminUsers).then(
    (exists) => events.listening({ administratorExists: exists }),
    (error: unknown) => {
      log.warn({ err: error }, 'cannot tell whether an administrator exists');
      events.listening({ administratorExists: false });
    },
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      // Workers stop claiming at once while the in-flight requests drain.
      await Promise.all([
        ...servers.map((server) => closeServer(server, config.shutdownDeadlineSeconds * 1000)),
        platform.stopWorkers(),
        depot?.stopWorkers(),
      ]);
      await closeAll();
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  // A stray rejection is a bug to log, not a reason to drop every in-flight request.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
