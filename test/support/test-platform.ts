import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { type Platform, startPlatform } from '../../src/app/platform';
import { type Env, loadConfig } from '../../src/config/app-config';
import { createLogger } from '../../src/logging/logger';

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
  platform: Platform;
  api: ReturnType<typeof request>;
  masterKey: string;
  /** An administrator listed in ADMIN_USERS, with an API key. */
  admin: TestUser;
  /** Creates a user through the API with the master key and gives them a key. */
  newUser(name?: string): Promise<TestUser>;
  /** SQL statements a response's request cost (the x-sql-queries header). */
  queriesOf(response: { headers: Record<string, string | string[] | undefined> }): number;
  close(): Promise<void>;
}

let userCounter = 0;

/**
 * A platform on the test database (reset first), with the platform's default id secret so the
 * encoded ids match the original platform's, and a known master key.
 */
export async function startTestPlatform(env: Env = {}): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-test-'));
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
    ...env,
  });
  const platform = await startPlatform(config, createLogger(config.logLevel), { embeddedSocketDir: process.env.TEST_PGLITE_SOCKET_DIR });
  await resetDatabase(platform);
  const api = request(platform.http.app);

  const newUser = async (name = `user${(userCounter += 1)}`): Promise<TestUser> => {
    const email = `${name}@example.org`;
    const password = `${name}-password`;
    const created = await api.post('/api/users').send({ key: MASTER_KEY, email, username: name, password });
    if (created.status !== 200) throw new Error(`cannot create ${email}: ${created.status} ${JSON.stringify(created.body)}`);
    const keyed = await api.post(`/api/users/${created.body.id}/api_key`).query({ key: MASTER_KEY });
    if (keyed.status !== 200) throw new Error(`cannot key ${email}: ${keyed.status} ${JSON.stringify(keyed.body)}`);
    return { id: created.body.id, email, username: name, password, key: keyed.body };
  };

  const admin = await newUser('admin');
  return {
    platform,
    api,
    masterKey: MASTER_KEY,
    admin,
    newUser,
    queriesOf(response) {
      const header = response.headers['x-sql-queries'];
      if (typeof header !== 'string') throw new Error('no x-sql-queries header');
      return Number(header);
    },
    async close() {
      await platform.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Empties every table (ids restart at 1), keeping the applied migrations. */
async function resetDatabase(platform: Platform): Promise<void> {
  const connection = platform.services.db.orm.em.getConnection();
  const rows = await connection.execute<Array<{ tablename: string }>>(
    "select tablename from pg_tables where schemaname = 'public' and tablename <> 'mikro_orm_migrations'",
  );
  if (rows.length === 0) return;
  await connection.execute(`truncate ${rows.map((row) => `"${row.tablename}"`).join(', ')} restart identity cascade`);
}
