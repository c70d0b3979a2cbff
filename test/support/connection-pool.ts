import type { TestPlatform } from './test-platform';
import { patient } from './patience';

interface KnexPool {
  numUsed(): number;
  numPendingAcquires(): number;
}

/** The platform's pool of database connections (knex's), as the aborted-read tests watch it. */
export const connectionPool = (h: TestPlatform): KnexPool => (h.platform.services.db.orm.em.getKnex().client as { pool: KnexPool }).pool;

/** Waits up to 5 s (x TEST_PATIENCE) for every connection to be back in the pool, then expects none in use and none awaited. */
export async function expectConnectionsReleased(h: TestPlatform): Promise<void> {
  const pool = connectionPool(h);
  const deadline = Date.now() + patient(5000);
  while (pool.numUsed() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(pool.numUsed()).toBe(0);
  expect(pool.numPendingAcquires()).toBe(0);
}
