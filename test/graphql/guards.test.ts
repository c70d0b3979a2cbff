import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

const graph = (body: unknown, key = alice.key) => h.api.post('/graphql').query({ key }).send(body as object);

describe('/graphql request guards', () => {
  it('answers a body that is not JSON with 400 and UserInvalidJson (400003)', async () => {
    const res = await h.api.post('/graphql').query({ key: alice.key }).set('Content-Type', 'application/json').send('{"query": "mutation { login(email: \\"a\\", password: \\"secret\\"');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toEqual({ code: 'UserInvalidJson', errCode: 400003, status: 400 });
  });

  it('refuses operations nested deeper than the limit (the relations are cyclic)', async () => {
    let selection = 'id';
    for (let i = 0; i < 8; i += 1) selection = `id jobs { id history { ${selection} } }`;
    const res = await graph({ query: `{ histories { ${selection} } }` });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/nested \d+ levels deep/);
  });

  it('gives no "Did you mean" hints about the schema to non-administrators', async () => {
    const res = await graph({ query: '{ histor { id } }' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain('Did you mean');
  });
});
