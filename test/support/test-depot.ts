import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { loadConfig, type Env } from '../../src/config/app-config';
import { type Depot, startDepot } from '../../src/depot/app/depot';
import { depotConfigOf } from '../../src/depot/config/depot-config';
import { createLogger } from '../../src/logging/logger';
import { freePort } from './server-processes';
import { ADMIN_EMAIL, MASTER_KEY } from './test-platform';
import { emptySchema } from './empty-schema';
import { patient } from './patience';
import { signalBarrier } from './signal-barrier';

/** The depot's default id secret in tests (the Tool Shed sample's), so encoded ids are known values. */
export const DEPOT_ID_SECRET = 'changethisinproductiontoo';

/** The depot's public address in tests (DEPOT_URL). */
export const TEST_DEPOT_URL = 'http://localhost:9009';

export interface DepotUser {
  id: string;
  email: string;
  username: string;
  password: string;
  key: string;
}

export interface TestDepot {
  /** The depot and a supertest agent on it, until close() (which lets both go). */
  readonly depot: Depot;
  readonly api: ReturnType<typeof request>;
  /** Where the depot listens (`listen: true`): its public address too (DEPOT_URL); else null. */
  url: string | null;
  masterKey: string;
  /** An administrator listed in ADMIN_USERS, with a key. */
  admin: DepotUser;
  /** Creates a depot user through the API (master key) and gives them a key. */
  newUser(name?: string): Promise<DepotUser>;
  /** SQL statements a response's request cost (the x-sql-queries header). */
  queriesOf(response: { headers: Record<string, string | string[] | undefined> }): number;
  /**
   * Uses each key until the key cache serves it (its identity costs no SQL any more), so that SQL
   * counts compare the work of requests, not whether their key was seen before.
   */
  warmKeys(...keys: string[]): Promise<void>;
  /** Runs SQL on the depot's database (its tables are `depot.<name>`). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Waits until every revision's metadata is computed (the background task has run). */
  settled(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface TestDepotOptions {
  /** Empty the depot's tables first (the default). */
  reset?: boolean;
  /** DEPOT_DATA_DIR to use (kept on close); by default a fresh one, removed on close. */
  depotDir?: string;
  /**
   * Listen on a real port of 127.0.0.1 (a platform installs from it over HTTP); its address is then
   * the depot's public one, so the guids of its tools name it.
   */
  listen?: boolean;
}

let userCounter = 0;

/**
 * The depot alone (no platform), on the test database (the run's embedded server or TEST_DATABASE_URL),
 * in its own schema, with a known master key and administrator.
 */
export async function startTestDepot(env: Env = {}, options: TestDepotOptions = {}): Promise<TestDepot> {
  const dataDir = mkdtempSync(join(tmpdir(), 'depot-test-'));
  const port = options.listen ? await freePort() : null;
  const url = port === null ? null : `http://127.0.0.1:${port}`;
  const depotDir = options.depotDir ?? join(dataDir, 'depot');
  const appConfig = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    MASTER_API_KEY: MASTER_KEY,
    ADMIN_USERS: ADMIN_EMAIL,
    PASSWORD_HASH_ROUNDS: '4',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // The depot's task workers are woken in this process when it queues a task; an idle worker's
    // look every 50 ms cost the run 7 % of a core per test depot.
    JOB_POLL_MS: '1000',
    JOB_HEARTBEAT_MS: '1000',
    ...env,
  });
  const config = depotConfigOf(appConfig, {
    DEPOT_ID_SECRET,
    DEPOT_DATA_DIR: depotDir,
    EXPOSE_QUERY_COUNT: 'true',
    DEPOT_METADATA_WAIT_SECONDS: '20',
    // Supertest reaches the app on a new port each request: a fixed public address keeps guids stable.
    DEPOT_URL: url ?? TEST_DEPOT_URL,
    ...env,
  });
  const started = await startDepot(config, createLogger(config.logLevel), { migrate: false });
  if (options.reset !== false) await resetDepot(started);
  const server = port === null ? null : await listenOn(started, port);
  // What close() lets go: the closures of a test file outlive it (a test group runs many files).
  // (No closure below names `started`: V8 would keep it in their shared scope.)
  let live: { depot: Depot; api: ReturnType<typeof request>; server: Server | null } | null = { depot: started, api: request(started.http.app), server };
  const alive = () => {
    if (!live) throw new Error('this test depot is closed');
    return live;
  };
  const close = async () => {
    const { depot, server: listening } = alive();
    if (listening) {
      listening.closeAllConnections();
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    }
    await depot.close();
    live = null;
    rmSync(dataDir, { recursive: true, force: true });
  };

  const newUser = async (name = `author${(userCounter += 1)}`): Promise<DepotUser> => {
    const { api } = alive();
    const email = `${name}@example.org`;
    const password = `${name}-password`;
    const created = await api.post('/api/users').send({ key: MASTER_KEY, email, username: name, password });
    if (created.status !== 200) throw new Error(`cannot create ${email}: ${created.status} ${JSON.stringify(created.body)}`);
    const keyed = await api.post(`/api/users/${created.body.id}/api_key`).query({ key: MASTER_KEY });
    if (keyed.status !== 200) throw new Error(`cannot key ${email}: ${keyed.status} ${JSON.stringify(keyed.body)}`);
    return { id: created.body.id, email, username: name, password, key: keyed.body };
  };
  const sql = async <T>(text: string, params: unknown[] = []) => alive().depot.services.db.orm.em.fork().getConnection().execute<T[]>(text, params);

  let admin: DepotUser;
  try {
    admin = options.reset === false ? await existingUser(alive().api, 'admin') : await newUser('admin');
  } catch (error) {
    await close();
    throw error;
  }
  return {
    get depot() {
      return alive().depot;
    },
    get api() {
      return alive().api;
    },
    url,
    masterKey: MASTER_KEY,
    admin,
    newUser,
    queriesOf(response) {
      const header = response.headers['x-sql-queries'];
      if (typeof header !== 'string') throw new Error('no x-sql-queries header');
      return Number(header);
    },
    async warmKeys(...keys) {
      // Signals of the keys' creation, still on their way, would empty the cache after the warm-up.
      const { db } = alive().depot.services;
      await signalBarrier(db.signals, 'depot_caller_changed', (channel, payload) => db.orm.em.fork().getConnection().execute('select pg_notify(?, ?)', [channel, payload]));
      // The categories listing costs one statement anonymously; with a cached key, no more.
      for (const key of keys) {
        const deadline = Date.now() + patient(5000);
        while ((await alive().api.get('/api/categories').query({ key })).headers['x-sql-queries'] !== '1') {
          if (Date.now() > deadline) throw new Error('the key cache does not keep the key');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    },
    sql,
    async settled(timeoutMs = 20000) {
      const deadline = Date.now() + patient(timeoutMs);
      for (;;) {
        const [row] = await sql<{ pending: number }>("select count(*)::int as pending from depot.background_task where state in ('queued', 'running')");
        if (row.pending === 0) return;
        if (Date.now() > deadline) throw new Error('depot tasks still pending');
        alive().depot.services.tasks.notify();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close,
  };
}

function listenOn(depot: Depot, port: number): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const listening = depot.http.app.listen(port, '127.0.0.1', () => resolve(listening));
    listening.on('error', reject);
  });
}

/** A user an earlier depot created (as newUser made it), with a new key. */
async function existingUser(api: ReturnType<typeof request>, name: string): Promise<DepotUser> {
  const users = (await api.get('/api/users')).body as Array<{ id: string; username: string }>;
  const found = users.find((user) => user.username === name);
  if (!found) return Promise.reject(new Error(`no depot user ${name} to reuse`));
  const keyed = await api.post(`/api/users/${found.id}/api_key`).query({ key: MASTER_KEY });
  return { id: found.id, email: `${name}@example.org`, username: name, password: `${name}-password`, key: keyed.body };
}

/** Empties every table (ids restart at 1), keeping the applied migrations. */
async function resetDepot(depot: Depot): Promise<void> {
  await emptySchema(depot.services.db.orm.em.getConnection(), 'depot');
}
