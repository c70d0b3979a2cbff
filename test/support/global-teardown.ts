import { rmSync } from 'node:fs';
import type { TestDatabaseGlobals } from './test-database';

/** Stops the run's embedded server (when the run started one) and removes its DATA_DIR. */
export default async function globalTeardown(): Promise<void> {
  const embedded = (globalThis as TestDatabaseGlobals).__EMBEDDED_TEST_SERVER__;
  if (!embedded) return;
  await embedded.server.release();
  rmSync(embedded.dataDir, { recursive: true, force: true });
}
