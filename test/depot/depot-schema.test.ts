import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDepotSchema, printDepotSchemaSdl } from '../../src/depot/graphql/depot-schema';

describe('schema/depot.graphql', () => {
  it("is the SDL of the depot's graph the code builds (run `npm run schema:print` after changing it)", async () => {
    const committed = readFileSync(join(__dirname, '../../schema/depot.graphql'), 'utf8');
    expect(await printDepotSchemaSdl()).toBe(committed);
  });

  it('declares who may call every query and mutation of the depot', async () => {
    const schema = await getDepotSchema();
    const operations = [schema.getQueryType(), schema.getMutationType()].flatMap((type) => Object.values(type?.getFields() ?? {}));
    expect(operations.length).toBeGreaterThan(5);
    expect(operations.filter((field) => !field.extensions?.access).map((field) => field.name)).toEqual([]);
  });
});
