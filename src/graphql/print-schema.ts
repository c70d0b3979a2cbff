/** Writes schema/schema.graphql from the resolver classes: `npm run schema:print`. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { printSchemaSdl } from './schema-sdl';

printSchemaSdl()
  .then((sdl) => {
    writeFileSync(join(__dirname, '../../schema/schema.graphql'), sdl);
    process.stdout.write('schema/schema.graphql written\n');
  })
  .catch((error: unknown) => {
    process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
    process.exit(1);
  });
