import type { AppConfig } from '../config/app-config';
import type { Logger } from '../logging/logger';
import { administratorExists } from './administrator-exists';
import { installMemoryReport } from './memory-report';
import { closeServer, startPlatform } from './platform';

export interface ServerProcessEvents {
  /** Listening on the port; whether an administrator user exists (the banner's first steps). */
  listening(started: { administratorExists: boolean }): void;
  /** Could not listen (most often: the port is taken); the process is about to exit with 1. */
  failed(reason: string): void;
}

/**
 * One server process: the platform on its database, the HTTP server on the port (shared with the
 * other processes of a WEB_CONCURRENCY start), its job workers and task runner, and a clean stop on
 * SIGTERM/SIGINT (in-flight requests drain, workers stop claiming, local jobs go back to the queue).
 */
export async function runServerProcess(config: AppConfig, log: Logger, events: ServerProcessEvents): Promise<void> {
  if (config.memoryReportOnSignal) installMemoryReport();
  const platform = await startPlatform(config, log);
  const server = platform.http.app.listen(config.port);
  server.once('error', (error: NodeJS.ErrnoException) => {
    // Most often EADDRINUSE: say so, release the database and stop, rather than linger half-started.
    const reason = error.code === 'EADDRINUSE' ? `port ${config.port} is already in use (set PORT)` : error.message;
    log.error({ err: error, port: config.port }, `cannot listen: ${reason}`);
    events.failed(reason);
    void platform.close().finally(() => process.exit(1));
  });
  server.once('listening', () => {
    log.info({ url: `http://localhost:${config.port}`, database: config.databaseUrl ? 'server' : `embedded PGlite in ${config.dataDir}/pgdata`, pid: process.pid }, 'platform API listening');
    administratorExists(platform.services.db, config.adminUsers).then(
      (exists) => events.listening({ administratorExists: exists }),
      (error: unknown) => {
        log.warn({ err: error }, 'cannot tell whether an administrator exists');
        events.listening({ administratorExists: false });
      },
    );
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      // Workers stop claiming at once while the in-flight requests drain.
      await Promise.all([closeServer(server, config.shutdownDeadlineSeconds * 1000), platform.stopWorkers()]);
      await platform.close();
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
