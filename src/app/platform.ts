import type { Server } from 'node:http';
import { type AppConfig, loadConfig } from '../config/app-config';
import type { AppServices } from '../context/app-services';
import { openDatabase } from '../db/database';
import { createLogger, type Logger } from '../logging/logger';
import { UploadStoreSweeper } from '../storage/upload-store-sweep';
import { createHttpApp, type HttpApp } from './http-app';
import { createServices } from './services';
import { sweepInstallScratch } from '../services/depot-installs';
import { platformMetrics } from '../observability/platform-metrics';
import { platformSources } from '../observability/platform-sources';
import { ProcessHeartbeat } from '../services/server-status';

/** A running platform: database, services and HTTP app, with one way to stop them all. */
export interface Platform {
  config: AppConfig;
  services: AppServices;
  http: HttpApp;
  /** Stops claiming jobs and tasks; running local jobs are interrupted and go back to the queue. */
  stopWorkers(): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Bring the schema up to date first (default); the test harness migrates once for the whole run. */
  migrate?: boolean;
}

export async function startPlatform(
  config: AppConfig = loadConfig(),
  log: Logger = createLogger(config.logLevel),
  options: StartOptions = {},
): Promise<Platform> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log, migrate: options.migrate, recordSqlFile: config.recordSqlFile });
  const services = createServices(config, db, log);
  const http = await createHttpApp(services);
  // Installed repositories' tools join the registry before jobs or install tasks run.
  await sweepInstallScratch(services.depotInstalls.layout, log);
  await services.depotTools.start(db.signals);
  await services.jobEngine.start();
  await services.tasks.start();
  const uploadSweeper = new UploadStoreSweeper({ db, uploadStore: services.layout.uploadStore, graceMs: config.uploadStoreGraceSeconds * 1000, log });
  uploadSweeper.start();
  // GET /metrics reads unfinished jobs and the pool through this platform (the last one started, in a test process running several).
  const sources = platformSources(db);
  platformMetrics().bind(sources);
  // This process on the Server screen (issue 36), with its heartbeat, until it stops.
  const heartbeat = new ProcessHeartbeat({ orm: db.orm, log, intervalMs: config.jobs.heartbeatMs, localWorkers: config.jobs.localWorkers });
  await heartbeat.start();
  let workersStopped: Promise<void> | undefined;
  const stopWorkers = () => {
    workersStopped ??= (async () => {
      await uploadSweeper.stop();
      await services.tasks.stop();
      await services.jobEngine.stop();
    })();
    return workersStopped;
  };
  return {
    config,
    services,
    http,
    stopWorkers,
    async close() {
      platformMetrics().unbind(sources);
      await stopWorkers();
      await http.stop();
      await heartbeat.stop();
      await db.close();
    },
  };
}

/**
 * Stops accepting connections and lets in-flight requests finish; after the deadline, the requests
 * still open (a stalled client) are cut, so a process manager never has to kill the process.
 */
export function closeServer(server: Server, deadlineMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => server.closeAllConnections(), deadlineMs);
    deadline.unref();
    server.close((error) => {
      clearTimeout(deadline);
      if (error) reject(error);
      else resolve();
    });
    server.closeIdleConnections();
  });
}
