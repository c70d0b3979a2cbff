import 'reflect-metadata';
import { createLogger } from '../../src/logging/logger';
import { openDatabase, type Database } from '../../src/db/database';
import { openDepotDatabase } from '../../src/depot/db/depot-database';

/**
 * The committed migrations build exactly the schema the entities describe (partial indexes and
 * PostgreSQL's 63-character names included), so `npm run migration:create` writes only what a
 * change adds. The test database was brought up to date by the run's global setup.
 */
const log = createLogger('silent');
const url = process.env.TEST_DATABASE_URL || undefined;
const where = { databaseUrl: url, log, migrate: false };

async function pendingSchemaChange(open: () => Promise<Database>, schema: string): Promise<string> {
  const db = await open();
  try {
    return (await db.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false, schema })).trim();
  } finally {
    await db.close();
  }
}

describe('migrations and entities agree', () => {
  it('the platform schema needs no migration beyond the committed ones', async () => {
    expect(await pendingSchemaChange(() => openDatabase({ ...where, listen: false }), 'public')).toBe('');
  });

  it("the depot's schema needs no migration beyond the committed ones", async () => {
    expect(await pendingSchemaChange(() => openDepotDatabase(where), 'depot')).toBe('');
  });
});
