import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { type Platform, startPlatform } from '../../src/app/platform';
import { type Env, loadConfig } from '../../src/config/app-config';
import { createLogger, type Logger } from '../../src/logging/logger';
import { emptySchema } from './empty-schema';
import { patient } from './patience';
import { signalBarrier } from './signal-barrier';

export const MASTER_KEY = 'test-master-key-0123456789abcdef';
export const ADMIN_EMAIL = 'admin@example.org';
export const DEFAULT_ID_SECRET = 'USING THE DEFAULT IS NOT SECURE!';

export interface TestUser {
  id: string;
  email: string;
  username: string;
  password: string;
  key: string;
}

export interface TestPlatform {
  /** The platform and a supertest agent on it, until close() (which lets both go). */
  readonly platform: Platform;
  readonly api: ReturnType<typeof request>;
  masterKey: string;
  /** An administrator listed in ADMIN_USERS, with an API key. */
  admin: TestUser;
  /** Creates a user through the API with the master key and gives them a key. */
  newUser(name?: string): Promise<TestUser>;
  /** SQL statements a response's request cost (the x-sql-queries header). */
  queriesOf(response: { headers: Record<string, string | string[] | undefined> }): number;
  /**
   * Uses each key until the key cache serves it (its identity costs no SQL any more), so that SQL
   * counts compare the work of requests, not whether their key was seen before.
   */
  warmKeys(...keys: string[]): Promise<void>;
  close(): Promise<void>;
}

let userCounter = 0;

export interface TestPlatformOptions {
  /** Empty every table first (the default). `false` keeps what an earlier platform left: a restart. */
  reset?: boolean;
  /**
   * DATA_DIR to use (files of an earlier platform survive a restart). A directory given here is the
   * caller's: close() leaves it; the harness removes only the directories it made itself.
   */
  dataDir?: string;
  /** The platform's logger (tests that read the logs); by default one at TEST_LOG_LEVEL. */
  log?: Logger;
  /**
   * Apply the migrations at start, as `npm start` does: for a database of the test's own (such as
   * the embedded server of its DATA_DIR, with DATABASE_URL ''), not the run's migrated test database.
   */
  migrate?: boolean;
}

/**
 * A platform on the test database (reset first), with the platform's default id secret so the
 * encoded ids match the original platform's, and a known master key.
 */
export async function startTestPlatform(env: Env = {}, options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'platform-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    ID_SECRET: DEFAULT_ID_SECRET,
    MASTER_API_KEY: MASTER_KEY,
    ADMIN_USERS: ADMIN_EMAIL,
    PASSWORD_HASH_ROUNDS: '4',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    EXPOSE_QUERY_COUNT: 'true',
    JOB_POLL_MS: '100',
    JOB_HEARTBEAT_MS: '1000',
    LOCAL_JOB_WORKERS: '1',
    // Tests fetch URLs from servers on 127.0.0.1; the refusal itself is tested with this set to false.
    ALLOW_PRIVATE_URL_FETCH: 'true',
    ...env,
  });
  const started = await startPlatform(config, options.log ?? createLogger(config.logLevel), { migrate: options.migrate ?? false });
  if (options.reset !== false) await resetDatabase(started);
  // What close() lets go: the closures of a test file outlive it (a test group runs many files).
  let live: { platform: Platform; api: ReturnType<typeof request> } | null = { platform: started, api: request(started.http.app) };
  const alive = () => {
    if (!live) throw new Error('this test platform is closed');
    return live;
  };

  const newUser = async (name = `user${(userCounter += 1)}`): Promise<TestUser> => {
    const { api } = alive();
    const email = `${name}@example.org`;
    const password = `${name}-password`;
    const created = await api.post('/api/users').send({ key: MASTER_KEY, email, username: name, password });
    if (created.status !== 200) throw new Error(`cannot create ${email}: ${created.status} ${JSON.stringify(created.body)}`);
    const keyed = await api.post(`/api/users/${created.body.id}/api_key`).query({ key: MASTER_KEY });
    if (keyed.status !== 200) throw new Error(`cannot key ${email}: ${keyed.status} ${JSON.stringify(keyed.body)}`);
    return { id: created.body.id, email, username: name, password, key: keyed.body };
  };

  // After a restart the administrator exists already: it gets a fresh key (older keys expire).
  const admin = options.reset === false ? await existingUser(alive().api, 'admin') : await newUser('admin');
  return {
    get platform() {
      return alive().platform;
    },
    get api() {
      return alive().api;
    },
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
      const { db } = alive().platform.services;
      await signalBarrier(db.signals, 'caller_changed', (channel, payload) => db.orm.em.fork().getConnection().execute('select pg_notify(?, ?)', [channel, payload]));
      for (const key of keys) {
        const deadline = Date.now() + patient(5000);
        while ((await alive().api.get('/api/version').query({ key })).headers['x-sql-queries'] !== '0') {
          if (Date.now() > deadline) throw new Error('the key cache does not keep the key');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    },
    async close() {
      const { platform } = alive();
      await platform.close();
      live = null;
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A user an earlier platform created (by name, as newUser made it), with a new API key. */
async function existingUser(api: ReturnType<typeof request>, name: string): Promise<TestUser> {
  const email = `${name}@example.org`;
  const users = await api.get('/api/users').query({ key: MASTER_KEY });
  const found = (users.body as Array<{ id: string; email: string }>).find((user) => user.email === email);
  if (!found) throw new Error(`no user ${email} to reuse: ${users.status} ${JSON.stringify(users.body)}`);
  const keyed = await api.post(`/api/users/${found.id}/api_key`).query({ key: MASTER_KEY });
  if (keyed.status !== 200) throw new Error(`cannot key ${email}: ${keyed.status} ${JSON.stringify(keyed.body)}`);
  return { id: found.id, email, username: name, password: `${name}-password`, key: keyed.body };
}

/** Empties every table (ids restart at 1), keeping the applied migrations. */
async function resetDatabase(platform: Platform): Promise<void> {
  await emptySchema(platform.services.db.orm.em.getConnection(), 'public');
}
