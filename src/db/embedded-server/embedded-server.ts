import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Logger } from '../../logging/logger';
import { EMBEDDED_POSTGRES_MAJOR, findPostgresBinaries } from './binaries';
import { type ClusterLayout, clusterLayout } from './cluster-layout';
import { clusterOwner } from './cluster-owner';
import { clusterExists, initialiseCluster } from './initialise-cluster';
import type { PostmasterInfo } from './postmaster-pid';
import { PresenceConnection } from './presence-connection';
import { assertReachableByOwner } from './reachable-by-owner';
import { settle, startPostmaster, stopPostmaster } from './start-postmaster';
import { withStartLock } from './start-lock';

/** The database the service's tables live in (the platform's schema and the depot's). */
export const EMBEDDED_DATABASE = 'platform';
const PRESENCE = 'platform-process';

/** A process's hold on the embedded server of a DATA_DIR. */
export interface EmbeddedServer {
  layout: ClusterLayout;
  /** A connection URL for a database of the server. */
  url(database?: string): string;
  /** Lets go of the server; the last process to let go stops it. */
  release(): Promise<void>;
}

export class ClusterVersionError extends Error {}

interface Hold {
  holders: number;
  ready: Promise<{ info: PostmasterInfo; password: string; presence: PresenceConnection }>;
}
const holds = new Map<string, Hold>();

/**
 * The embedded default database: a private PostgreSQL server on DATA_DIR/postgres, shared by every
 * service process on that DATA_DIR. The first one initialises it (first start) and starts it; the
 * others join the running server. Each holds a connection for its life (its presence); when one
 * lets go and no other connection remains, it stops the server. A server left running by a service
 * that was killed is joined as it is.
 */
export async function openEmbeddedServer(dataDir: string, log: Logger): Promise<EmbeddedServer> {
  const layout = clusterLayout(dataDir);
  let hold = holds.get(layout.clusterDir);
  if (!hold) {
    hold = { holders: 0, ready: join_(layout, log) };
    holds.set(layout.clusterDir, hold);
    hold.ready.catch(() => holds.delete(layout.clusterDir));
  }
  hold.holders += 1;
  const { info, password } = await hold.ready.catch((error: unknown) => {
    hold.holders -= 1;
    throw error;
  });
  let released = false;
  return {
    layout,
    url: (database = EMBEDDED_DATABASE) => connectionUrl(info, password, database),
    release: async () => {
      if (released) return;
      released = true;
      hold.holders -= 1;
      if (hold.holders === 0) {
        holds.delete(layout.clusterDir);
        await letGo(layout, await hold.ready, log);
      }
    },
  };
}

async function join_(layout: ClusterLayout, log: Logger): Promise<{ info: PostmasterInfo; password: string; presence: PresenceConnection }> {
  mkdirSync(layout.dataDir, { recursive: true });
  return withStartLock(layout.lockFile, async () => {
    const binaries = findPostgresBinaries();
    const owner = clusterOwner();
    assertReachableByOwner(binaries.root, owner, 'its binaries in');
    assertReachableByOwner(layout.dataDir, owner, 'DATA_DIR', layout.dataDir);
    const password = persistedPassword(layout);
    if (!clusterExists(layout)) await initialiseCluster(layout, binaries, owner, password, log);
    assertVersion(layout);
    const running = await settle(layout.clusterDir);
    if (running) log.info({ pid: running.pid }, 'joining the embedded PostgreSQL already running on DATA_DIR');
    const info = running ?? (await startPostmaster(layout, binaries, owner, log));
    const presence = new PresenceConnection(connectionUrl(info, password, 'postgres'), PRESENCE, log);
    await presence.connect();
    const exists = await presence.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (exists.rowCount === 0) await presence.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
    return { info, password, presence };
  });
}

/** This process's last hold ends: its presence goes; with no other connection left, the server is stopped. */
async function letGo(layout: ClusterLayout, held: { info: PostmasterInfo; password: string; presence: PresenceConnection }, log: Logger): Promise<void> {
  await held.presence.end().catch(() => undefined);
  await withStartLock(layout.lockFile, async () => {
    const check = new Client({ connectionString: connectionUrl(held.info, held.password, 'postgres') });
    let others: number;
    try {
      await check.connect();
      const result = await check.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()");
      others = Number(result.rows[0]?.n ?? 0);
    } catch {
      return; // already stopped (by another process, or it crashed)
    } finally {
      await check.end().catch(() => undefined);
    }
    if (others > 0) {
      log.info({ connections: others }, 'the embedded PostgreSQL stays up for the other processes using it');
      return;
    }
    await stopPostmaster(held.info, log);
  });
}

function assertVersion(layout: ClusterLayout): void {
  const version = readFileSync(join(layout.clusterDir, 'PG_VERSION'), 'utf8').trim();
  if (version !== String(EMBEDDED_POSTGRES_MAJOR)) {
    throw new ClusterVersionError(
      `${layout.clusterDir} holds a PostgreSQL ${version} cluster; this release runs PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}. ` +
        `Start the release that made it, dump it (pg_dump ${version} or later) and restore into a new DATA_DIR, or set DATABASE_URL.`,
    );
  }
}

/** The `postgres` role's password: generated once, kept in DATA_DIR (0600), written atomically. */
function persistedPassword(layout: ClusterLayout): string {
  if (existsSync(layout.passwordFile)) return readFileSync(layout.passwordFile, 'utf8').trim();
  if (clusterExists(layout)) throw new Error(`${layout.passwordFile} is missing: the embedded PostgreSQL in ${layout.clusterDir} cannot be opened without it.`);
  const password = randomBytes(24).toString('base64url');
  const temporary = `${layout.passwordFile}.${process.pid}`;
  writeFileSync(temporary, `${password}\n`, { mode: 0o600 });
  renameSync(temporary, layout.passwordFile);
  return password;
}

function connectionUrl(info: PostmasterInfo, password: string, database: string): string {
  const credentials = `postgres:${encodeURIComponent(password)}`;
  if (info.socketDir) return `postgresql://${credentials}@localhost/${database}?host=${encodeURIComponent(info.socketDir)}`;
  return `postgresql://${credentials}@${info.listenAddress || '127.0.0.1'}:${info.port}/${database}`;
}
