import type { EmbeddedPostgres } from '../../src/db/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __EMBEDDED_PG__?: EmbeddedPostgres }).__EMBEDDED_PG__?.stop();
}
