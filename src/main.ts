import 'reflect-metadata';
import { loadConfig } from './config/app-config';
import { closeServer, startPlatform } from './app/platform';
import { createLogger } from './logging/logger';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const platform = await startPlatform(config, log);
  const server = platform.http.app.listen(config.port);
  server.once('error', (error: NodeJS.ErrnoException) => {
    // Most often EADDRINUSE: say so, release the database and stop, rather than linger half-started.
    const reason = error.code === 'EADDRINUSE' ? `port ${config.port} is already in use (set PORT)` : error.message;
    log.error({ err: error, port: config.port }, `cannot listen: ${reason}`);
    // The key generated at this first start is shown now, or it would never be shown.
    if (config.masterApiKeyGenerated) process.stdout.write(`  Master API key (generated now, kept in ${config.dataDir}/master_api_key): ${config.masterApiKey}\n`);
    void platform.close().finally(() => process.exit(1));
  });
  server.once('listening', () => {
    const url = `http://localhost:${config.port}`;
    log.info({ url, database: config.databaseUrl ? 'server' : `embedded PGlite in ${config.dataDir}/pgdata` }, 'platform API listening');
    const lines = [
      '',
      `  Platform API:  ${url}/api      GraphQL: ${url}/graphql      GraphiQL (admins): ${url}/graphiql?key=<admin key>`,
      config.masterApiKeyGenerated
        ? `  Master API key (generated now, kept in ${config.dataDir}/master_api_key; shown once): ${config.masterApiKey}`
        : `  Master API key: set by MASTER_API_KEY or kept in ${config.dataDir}/master_api_key`,
      '  First administrator key:',
      config.adminUsers.length
        ? `    1. administrators are ${config.adminUsers.join(', ')} (ADMIN_USERS); create that user:`
        : '    1. stop, start again with ADMIN_USERS=<admin email> (administrators are the emails listed there), then create that user:',
      `    2. curl -X POST ${url}/api/users -d key=<master key> -d username=admin -d email=<admin email> -d password=<password>`,
      `    3. curl -X POST "${url}/api/users/<id from the reply>/api_key?key=<master key>"   (the reply is the administrator's key)`,
      '    (or, with the server stopped: npm run admin -- create-user --email … --password …)',
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
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

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
