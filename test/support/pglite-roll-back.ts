/**
 * Rolls back the latest migration of the platform and of the depot in a PGlite directory, in place,
 * and prints their names: a directory as an earlier release left it, for the carry-over tests.
 *   node -r @swc-node/register test/support/pglite-roll-back.ts <pgdata>
 * A process of its own: PGlite's CJS build cannot load inside jest's module sandbox.
 */
import 'reflect-metadata';
import { openDatabase } from '../../src/db/database';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { DEPOT_TARGET } from '../../src/depot/db/depot-database';
import { createLogger } from '../../src/logging/logger';

async function main(): Promise<void> {
  const embedded = await startEmbeddedPostgres(process.argv[2]);
  const rolledBack: string[] = [];
  try {
    for (const target of [undefined, DEPOT_TARGET]) {
      const db = await openDatabase({ embeddedSocketDir: embedded.socketDir, log: createLogger('silent'), migrate: false, listen: false, target });
      try {
        rolledBack.push(...(await db.orm.getMigrator().down()).map((migration) => migration.name));
      } finally {
        await db.close();
      }
    }
  } finally {
    await embedded.stop();
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
