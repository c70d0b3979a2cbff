/**
 * Prints (JSON) the table digests of a PGlite directory, read as the carry-over reads it (a private
 * copy, brought to this release's schema): `node -r @swc-node/register test/support/pglite-digests.ts <pgdata>`.
 * A process of its own: PGlite's CJS build cannot load inside jest's module sandbox.
 */
import 'reflect-metadata';
import { openPgliteSource } from '../../src/db/embedded-server/pglite-carry-over/pglite-source';
import { createLogger } from '../../src/logging/logger';
import { tableDigests } from './table-digests';
import { migrateAllSchemas } from '../../src/db/database';

async function main(): Promise<void> {
  const source = await openPgliteSource(process.argv[2], createLogger('silent'), (url) => migrateAllSchemas(url, createLogger('silent')));
  try {
    process.stdout.write(`${JSON.stringify(await tableDigests(source.query))}\n`);
  } finally {
    await source.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
