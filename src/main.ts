import 'reflect-metadata';
import cluster from 'node:cluster';
import { generatedKeyNotice, startBanner } from './app/banner';
import { runClusterPrimary } from './app/cluster-primary';
import { runServerProcess } from './app/server-process';
import { loadConfig } from './config/app-config';
import { createLogger } from './logging/logger';
import { shareMetricsWithPrimary } from './observability/cluster-metrics';
import { ensureWebBuild } from './web-build/ensure-web-build';

/**
 * `npm start`: one server process, or with WEB_CONCURRENCY > 1 a primary that supervises that many
 * (on DATABASE_URL's server or on the embedded one of DATA_DIR, which they share). Secrets generated at a first start are written here, before any fork, so
 * every process reads the same ones. The web UI is rebuilt first when its sources changed.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  if (cluster.isWorker) {
    shareMetricsWithPrimary();
    // The primary prints the banner once every process listens (and tells it whether an administrator exists).
    await runServerProcess(config, log, { listening: (started) => process.send?.({ kind: 'server-listening', ...started }), failed: () => undefined });
    return;
  }
  // Before any fork and before listening: the web UI served at / is built from today's sources.
  await ensureWebBuild(log).catch((error: unknown) => log.error({ err: error }, 'the web UI could not be built: / answers 503 until `npm run web:build` succeeds'));
  if (config.webConcurrency > 1) return runClusterPrimary(config, log, config.webConcurrency);
  await runServerProcess(config, log, {
    listening: (started) => process.stdout.write(startBanner(config, 1, started.administratorExists)),
    failed: () => process.stdout.write(generatedKeyNotice(config)),
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
