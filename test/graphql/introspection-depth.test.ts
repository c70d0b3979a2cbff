import { getIntrospectionQuery } from 'graphql';
import { MASTER_KEY, startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

const graph = (query: string, key: string) => h.api.post('/graphql').query({ key }).send({ query });

/** GraphiQL's own schema query (the options its fetcher uses): 15 levels deep with its `ofType` chain. */
const GRAPHIQL_INTROSPECTION = getIntrospectionQuery({ inputValueDeprecation: true, schemaDescription: false });

describe('introspection and the depth limit', () => {
  it("lets administrators' introspection through the depth limit (GraphiQL's 15-level schema query)", async () => {
    for (const key of [h.admin.key, MASTER_KEY]) {
      const res = await graph(GRAPHIQL_INTROSPECTION, key);
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.__schema.queryType.name).toBe('Query');
      expect(res.body.data.__schema.types.map((type: { name: string }) => type.name)).toContain('History');
    }
  });

  it('still refuses introspection to other users', async () => {
    const res = await graph(GRAPHIQL_INTROSPECTION, alice.key);
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions).toEqual(expect.objectContaining({ code: 'AdminRequiredException' }));
  });

  it("still limits administrators' own queries of the graph beside introspection", async () => {
    let selection = 'id';
    for (let i = 0; i < 8; i += 1) selection = `id jobs { id history { ${selection} } }`;
    const res = await graph(`{ __schema { queryType { name } } histories { ${selection} } }`, h.admin.key);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/nested \d+ levels deep/);
  });

  it('bounds a runaway introspection query too', async () => {
    let selection = 'name';
    for (let i = 0; i < 25; i += 1) selection = `name ofType { ${selection} }`;
    const res = await graph(`{ __type(name: "Query") { ${selection} } }`, h.admin.key);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/introspection query is nested \d+ levels deep/);
  });
});
