import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { commitWithoutWaitingForDisk } from './test-database-settings';

/**
 * One database for the whole run: the PostgreSQL server of TEST_DATABASE_URL (its `public` schema
 * and the depot's `depot` schema reset here), or an in-memory PGlite served on a unix socket from
 * this parent process (its CJS build cannot load inside jest's module sandbox). Both schemas are
 * migrated here, once, by a process of their own: the test files' platforms and depots then start
 * without the migration check.
 */
export default async function globalSetup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new Client({ connectionString: url });
    await client.connect();
    // The platform's schema and the depot's own.
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS depot CASCADE;');
    await commitWithoutWaitingForDisk(client);
    await client.end();
  } else {
    const embedded = await startEmbeddedPostgres(undefined);
    process.env.TEST_PGLITE_SOCKET_DIR = embedded.socketDir;
    (globalThis as { __EMBEDDED_PG__?: typeof embedded }).__EMBEDDED_PG__ = embedded;
  }
  const root = join(__dirname, '..', '..');
  // Not spawnSync: this process serves the embedded database the child connects to.
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(root, 'test/support/migrate-test-database.ts')], { cwd: root, env: process.env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (status !== 0) throw new Error(`migrating the test database failed:\n${output}`);
}
