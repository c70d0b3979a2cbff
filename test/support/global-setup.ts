import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';

/**
 * One database for the whole run: the PostgreSQL server of TEST_DATABASE_URL (its `public` schema
 * and the depot's `depot` schema reset here), or an in-memory PGlite served on a unix socket from
 * this parent process (its CJS build cannot load inside jest's module sandbox).
 */
export default async function globalSetup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new Client({ connectionString: url });
    await client.connect();
    // The platform's schema and the depot's own.
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS depot CASCADE;');
    await client.end();
    return;
  }
  const embedded = await startEmbeddedPostgres(undefined);
  process.env.TEST_PGLITE_SOCKET_DIR = embedded.socketDir;
  (globalThis as { __EMBEDDED_PG__?: typeof embedded }).__EMBEDDED_PG__ = embedded;
}
