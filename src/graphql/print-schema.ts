/** Writes schema/schema.graphql (the platform's graph) and schema/depot.graphql (the depot's): `npm run schema:print`. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { printDepotSchemaSdl } from '../depot/graphql/depot-schema';
import { printSchemaSdl } from './schema-sdl';

async function main(): Promise<void> {
  writeFileSync(join(__dirname, '../../schema/schema.graphql'), await printSchemaSdl());
  process.stdout.write('schema/schema.graphql written\n');
  writeFileSync(join(__dirname, '../../schema/depot.graphql'), await printDepotSchemaSdl());
  process.stdout.write('schema/depot.graphql written\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
