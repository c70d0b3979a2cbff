import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openEmbeddedServer } from '../../src/db/embedded-server';
import { createLogger } from '../../src/logging/logger';
import { EMBEDDED_TEST_DATABASE, type TestDatabaseGlobals } from './test-database';
import { commitWithoutWaitingForDisk } from './test-database-settings';

/**
 * One database for the whole run: the PostgreSQL server of TEST_DATABASE_URL, or (the default) the
 * embedded server the service itself runs when DATABASE_URL is unset, started here on a DATA_DIR of
 * the run's own, with the same code as `npm start`; its URL is then TEST_DATABASE_URL for every test.
 * The platform's `public` schema and the depot's `depot` schema are reset, then migrated here, once,
 * by a process of their own: the test files' platforms and depots start without the migration check.
 */
export default async function globalSetup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-test-db-'));
    const server = await openEmbeddedServer(dataDir, createLogger(process.env.TEST_LOG_LEVEL ?? 'warn'));
    const admin = new Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${EMBEDDED_TEST_DATABASE}`);
    await admin.end();
    process.env.TEST_DATABASE_URL = server.url(EMBEDDED_TEST_DATABASE);
    process.env.TEST_DATABASE_KIND = 'embedded';
    (globalThis as TestDatabaseGlobals).__EMBEDDED_TEST_SERVER__ = { server, dataDir };
  }
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS depot CASCADE;');
  await commitWithoutWaitingForDisk(client);
  await client.end();
  const root = join(__dirname, '..', '..');
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(root, 'test/support/migrate-test-database.ts')], { cwd: root, env: process.env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (status !== 0) throw new Error(`migrating the test database failed:\n${output}`);
}
