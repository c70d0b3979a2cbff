import type { Server } from 'node:http';
import { type AppConfig, loadConfig } from '../config/app-config';
import type { AppServices } from '../context/app-services';
import { openDatabase } from '../db/database';
import { createLogger, type Logger } from '../logging/logger';
import { createHttpApp, type HttpApp } from './http-app';
import { createServices } from './services';

/** A running platform: database, services and HTTP app, with one way to stop them all. */
export interface Platform {
  config: AppConfig;
  services: AppServices;
  http: HttpApp;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Use an embedded PGlite already served on this socket directory (tests). */
  embeddedSocketDir?: string;
}

export async function startPlatform(
  config: AppConfig = loadConfig(),
  log: Logger = createLogger(config.logLevel),
  options: StartOptions = {},
): Promise<Platform> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, embeddedSocketDir: options.embeddedSocketDir, log });
  const services = createServices(config, db, log);
  const http = await createHttpApp(services);
  await services.jobEngine.start();
  await services.tasks.start();
  return {
    config,
    services,
    http,
    async close() {
      await services.tasks.stop();
      await services.jobEngine.stop();
      await http.stop();
      await db.close();
    },
  };
}

/** Stops accepting connections, lets in-flight requests finish, then closes the rest. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
  });
}
