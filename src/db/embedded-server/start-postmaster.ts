import { spawn } from 'node:child_process';
import { chownSync, closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../logging/logger';
import type { PostgresBinaries } from './binaries';
import type { ClusterLayout } from './cluster-layout';
import type { ClusterOwner } from './cluster-owner';
import { type PostmasterInfo, livePostmaster, readPostmasterPid } from './postmaster-pid';
import { processAlive } from './process-alive';

const READY_WITHIN_MS = 60_000;

/**
 * Starts the server on the cluster, detached from the service (its own session: a Ctrl-C in the
 * terminal reaches the service, which decides whether to stop it), listening on the Unix socket
 * only, or on 127.0.0.1 at a free port where a socket path would be too long. Resolves once it
 * accepts connections (postmaster.pid says 'ready').
 */
export async function startPostmaster(layout: ClusterLayout, binaries: PostgresBinaries, owner: ClusterOwner, log: Logger): Promise<PostmasterInfo> {
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    const port = layout.socketDir ? 5432 : await freePort();
    if (layout.socketDir) {
      mkdirSync(layout.socketDir, { recursive: true, mode: 0o700 });
      if (owner.switched) chownSync(layout.socketDir, owner.uid, owner.gid);
    }
    const args = [
      '-D', layout.clusterDir,
      '-c', `listen_addresses=${layout.socketDir ? '' : '127.0.0.1'}`,
      '-c', `unix_socket_directories=${layout.socketDir ?? ''}`,
      '-c', `port=${port}`,
    ];
    const logFd = openSync(layout.logFile, 'a', 0o600);
    const child = spawn(binaries.postgres, args, {
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
      ...(owner.switched ? { uid: owner.uid, gid: owner.gid } : {}),
    });
    closeSync(logFd);
    let exited: number | null | undefined;
    child.on('exit', (code) => (exited = code));
    child.on('error', () => (exited = -1));
    child.unref();
    const ready = await waitUntilReady(layout, child.pid ?? -1, () => exited !== undefined);
    if (ready) {
      log.info({ pid: ready.pid, socket: ready.socketDir || undefined, port: ready.socketDir ? undefined : ready.port, ms: Date.now() - started }, 'embedded PostgreSQL started');
      return ready;
    }
    const reason = logTail(layout.logFile);
    // The backends of a server killed a moment ago may still hold its shared memory: a second try waits for them.
    if (exited !== undefined && attempt < 3 && /shared memory block is still in use|lock file .* already exists/i.test(reason)) {
      log.warn({ attempt }, 'the previous embedded PostgreSQL is still going away; trying again');
      await sleep(1000 * attempt);
      continue;
    }
    if (exited === undefined) child.kill('SIGINT');
    throw new Error(`The embedded PostgreSQL did not start (see ${layout.logFile}):\n${reason}`);
  }
}

/** Until the new server's own pid file (a killed server's stale one may still say 'ready') says ready. */
async function waitUntilReady(layout: ClusterLayout, pid: number, gone: () => boolean): Promise<PostmasterInfo | null> {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline && !gone()) {
    const info = readPostmasterPid(layout.clusterDir);
    if (info?.pid === pid && info.status === 'ready') return info;
    await sleep(20);
  }
  return null;
}

/** Waits for a server another process is starting (or stopping) to settle: its info once ready, null once gone. */
export async function settle(clusterDir: string): Promise<PostmasterInfo | null> {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const info = livePostmaster(clusterDir);
    if (!info || info.status === 'ready') return info;
    if (Date.now() > deadline) throw new Error(`The embedded PostgreSQL in ${clusterDir} (pid ${info.pid}) has said '${info.status}' for ${READY_WITHIN_MS / 1000} s.`);
    await sleep(20);
  }
}

/** Stops the server (fast: open sessions are ended, the checkpoint written) and waits until it is gone. */
export async function stopPostmaster(info: PostmasterInfo, log: Logger): Promise<void> {
  try {
    process.kill(info.pid, 'SIGINT');
  } catch {
    return; // already gone
  }
  const deadline = Date.now() + READY_WITHIN_MS;
  while (processAlive(info.pid) && Date.now() < deadline) await sleep(20);
  if (processAlive(info.pid)) log.warn({ pid: info.pid }, 'the embedded PostgreSQL is still stopping');
  else log.info({ pid: info.pid }, 'embedded PostgreSQL stopped');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function logTail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-8).join('\n');
  } catch {
    return '(no log)';
  }
}
