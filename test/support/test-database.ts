import type { EmbeddedServer } from '../../src/db/embedded-server';

/**
 * Which database a test run uses. By default (no TEST_DATABASE_URL) the embedded server the service
 * runs itself, started by the run's global setup, which then sets TEST_DATABASE_URL to it and
 * TEST_DATABASE_KIND=embedded; with TEST_DATABASE_URL, that PostgreSQL server.
 */
export const onEmbeddedDefault = process.env.TEST_DATABASE_KIND === 'embedded';

/** The database of the run's embedded server the tests use (the service's own is `platform`). */
export const EMBEDDED_TEST_DATABASE = 'test';

export interface TestDatabaseGlobals {
  __EMBEDDED_TEST_SERVER__?: { server: EmbeddedServer; dataDir: string };
}
