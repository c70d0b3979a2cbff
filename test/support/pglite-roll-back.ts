/**
 * Rolls back the latest migration of the platform and of the depot in a PGlite directory, in place,
 * and prints their names: a directory as an earlier release left it, for the carry-over tests.
 *   node -r @swc-node/register test/support/pglite-roll-back.ts <pgdata>
 * A process of its own: PGlite's CJS build cannot load inside jest's module sandbox.
 */
import 'reflect-metadata';
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/database';
import { withPgliteServed } from '../../src/db/embedded-server/pglite-carry-over/pglite-source';
import { DEPOT_TARGET } from '../../src/depot/db/depot-target';
import { createLogger } from '../../src/logging/logger';

async function main(): Promise<void> {
  const pglite = await PGlite.create({ dataDir: process.argv[2] });
  const socketDir = mkdtempSync(join(tmpdir(), 'pglite-roll-back-'));
  const rolledBack: string[] = [];
  try {
    await withPgliteServed(pglite, socketDir, async (databaseUrl) => {
      for (const target of [undefined, DEPOT_TARGET]) {
        const db = await openDatabase({ databaseUrl, log: createLogger('silent'), migrate: false, listen: false, target });
        try {
          rolledBack.push(...(await db.orm.getMigrator().down()).map((migration) => migration.name));
        } finally {
          await db.close();
        }
      }
    });
  } finally {
    await pglite.close();
    rmSync(socketDir, { recursive: true, force: true });
  }
  process.stdout.write(`${rolledBack.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
