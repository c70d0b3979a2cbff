import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from '../config/app-config';
import type { Logger } from '../logging/logger';
import { serveClusterMetrics } from '../observability/cluster-metrics';
import { generatedKeyNotice, startBanner } from './banner';

/** More crashes than this within the window and the primary gives up instead of restarting forever. */
const RESTART_LIMIT = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * WEB_CONCURRENCY > 1: this process forks that many server processes sharing the port (the cluster
 * module hands them connections) and the database, and only supervises them. Everything they must
 * agree on lives in PostgreSQL (sessions, job claims, key-cache signals). A worker that dies after
 * the start is replaced; one that cannot start stops the whole start.
 */
export function runClusterPrimary(config: AppConfig, log: Logger, processes: number): void {
  let listening = 0;
  let started = false;
  let stopping = false;
  const crashes: number[] = [];

  const fork = (): Worker => cluster.fork();
  // GET /metrics on any process answers every process's figures, gathered here.
  serveClusterMetrics();

  // Each process reports once it listens, with whether an administrator user exists.
  cluster.on('message', (_worker, message: { kind?: string; administratorExists?: boolean }) => {
    if (message?.kind !== 'server-listening') return;
    listening += 1;
    if (!started && listening >= processes) {
      started = true;
      log.info({ processes, url: `http://localhost:${config.port}` }, 'platform API listening');
      process.stdout.write(startBanner(config, processes, message.administratorExists === true));
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (alive === 0) process.exit(0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'server process exited');
    if (!started) {
      // A process that could not start (port taken, database unreachable): stop the others too.
      process.stderr.write(generatedKeyNotice(config));
      void stopAll(1);
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0] < now - RESTART_WINDOW_MS) crashes.shift();
    if (crashes.length > RESTART_LIMIT) {
      log.error({ crashes: crashes.length, windowMs: RESTART_WINDOW_MS }, 'server processes keep exiting; stopping');
      void stopAll(1);
      return;
    }
    fork();
  });

  const stopAll = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    if (workers.length === 0) process.exit(exitCode);
    // Each process drains its requests (SHUTDOWN_DEADLINE_SECONDS); past that and a margin, it is killed.
    const deadline = setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(exitCode || 1);
    }, (config.shutdownDeadlineSeconds + 15) * 1000);
    deadline.unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    });
    for (const worker of workers) worker.process.kill('SIGTERM');
  };

  process.on('SIGTERM', () => void stopAll(0));
  process.on('SIGINT', () => void stopAll(0));
  for (let i = 0; i < processes; i += 1) fork();
}
