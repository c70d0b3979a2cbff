import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printSchemaSdl } from '../../src/graphql/schema-sdl';
import { getSchema } from '../../src/graphql/schema';

describe('schema/schema.graphql', () => {
  it('is the SDL the code builds (run `npm run schema:print` after changing the graph)', async () => {
    const committed = readFileSync(join(__dirname, '../../schema/schema.graphql'), 'utf8');
    expect(await printSchemaSdl()).toBe(committed);
  });
});

describe('access declarations', () => {
  it('exist on every query and mutation', async () => {
    const schema = await getSchema();
    const operations = [schema.getQueryType(), schema.getMutationType()].flatMap((type) => Object.values(type?.getFields() ?? {}));
    const undeclared = operations.filter((field) => !field.extensions?.access).map((field) => field.name);
    expect(operations.length).toBeGreaterThan(10);
    expect(undeclared).toEqual([]);
  });
});
