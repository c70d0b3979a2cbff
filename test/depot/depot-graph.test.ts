import { contractEndpoints, normalisePath } from '../../rest-shim/core/contract-endpoints';
import { DEPOT_AREAS } from '../../rest-shim/depot';
import { createRepository, publish, tarball, toolXml } from '../support/depot-helpers';
import { type DepotUser, startTestDepot, type TestDepot } from '../support/test-depot';

let h: TestDepot;
let alice: DepotUser;

beforeAll(async () => {
  h = await startTestDepot();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

const graph = (query: string, variables: Record<string, unknown> = {}, key?: string) => h.api.post('/graphql').query(key ? { key } : {}).send({ query, variables });

describe("the depot's routes", () => {
  it('serve every depot endpoint of the contract (none answers 501)', async () => {
    const served = new Set(DEPOT_AREAS.flatMap((area) => area.routes.map((route) => `${route.method.toUpperCase()} ${normalisePath(route.path)}`)));
    const depot = contractEndpoints().filter((endpoint) => endpoint.app === 'depot');
    expect(depot).toHaveLength(10);
    expect(depot.filter((endpoint) => !served.has(`${endpoint.method} ${normalisePath(endpoint.path)}`)).map((endpoint) => endpoint.path)).toEqual([]);
    for (const area of DEPOT_AREAS) for (const route of area.routes) expect([route.path, route.access]).toEqual([route.path, expect.any(String)]);
  });

  it("answer with the platform's error bodies: unreadable JSON 400003, a refused key 403001, a NUL in text 400008", async () => {
    const json = await h.api.post('/api/repositories').set('Content-Type', 'application/json').send('{"name": ');
    expect([json.status, json.body]).toEqual([400, { err_msg: 'Your request did not appear to be valid JSON, please consult the API documentation.', err_code: 400003 }]);
    const key = await h.api.get('/api/repositories').query({ key: 'not-a-key' });
    expect([key.status, key.body]).toEqual([403, { err_msg: 'Provided API key is not valid.', err_code: 403001 }]);
    const nul = await h.api.get('/api/repositories').query({ name: 'a\u0000b' });
    expect([nul.status, nul.body.err_code]).toEqual([400, 400008]);
  });

  it('describe themselves at /api/openapi.json, and unknown API paths are 404001', async () => {
    const openApi = await h.api.get('/api/openapi.json');
    expect(openApi.body.paths['/api/repositories/get_repository_revision_install_info'].get['x-access']).toBe('anonymous');
    const unknown = await h.api.get('/api/nothing/here');
    expect([unknown.status, unknown.body.err_code]).toEqual([404, 404001]);
  });
});

describe("the depot's graph (/graphql on the depot's port)", () => {
  it('reads repositories with their owner, categories, revisions and changesets in a constant number of statements', async () => {
    const category = (await h.api.post('/api/categories').send({ key: h.masterKey, name: 'Graphs' })).body;
    const query = '{ repositories { name owner user { username } categories { name } revisions { changesetRevision ctxRev downloadable metadata } changesets { ctxRev commitMessage metadataState } } }';
    const counts: number[] = [];
    for (const names of [['g_one', 'g_two'], ['g_three', 'g_four', 'g_five']]) {
      for (const name of names) {
        const repository = await createRepository(h, alice, name, { category_ids: [category.id] });
        await publish(h, alice, repository, { 't.xml': toolXml(name, '1.0') }, `first of ${name}`);
      }
      const res = await graph(query);
      expect(res.body.errors).toBeUndefined();
      counts.push(h.queriesOf(res));
    }
    expect(counts[0]).toBe(counts[1]);
    const res = await graph(query);
    const five = res.body.data.repositories.find((repository: { name: string }) => repository.name === 'g_five');
    expect(five).toMatchObject({ owner: 'alice', user: { username: 'alice' }, categories: [{ name: 'Graphs' }], changesets: [{ ctxRev: 0, commitMessage: 'first of g_five', metadataState: 'done' }] });
    expect(five.revisions[0].metadata.tools[0]).toMatchObject({ id: 'g_five', version: '1.0' });
  });

  it('logs in with a session cookie of its own (galaxycommunitysession), and out', async () => {
    const login = await graph('mutation { login(login: "alice@example.org", password: "alice-password") { username } }');
    expect(login.body.data.login.username).toBe('alice');
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect(cookie).toMatch(/^galaxycommunitysession=[0-9a-f]{80}$/);
    const current = await h.api.post('/graphql').set('Cookie', cookie).send({ query: '{ user(id: "current") { username email } }' });
    expect(current.body.data.user).toEqual({ username: 'alice', email: 'alice@example.org' });
    const logout = await h.api.post('/graphql').set('Cookie', cookie).send({ query: 'mutation { logout }' });
    expect(logout.body.data.logout).toBe(true);
    const after = await h.api.post('/graphql').set('Cookie', cookie).send({ query: '{ user(id: "current") { username } }' });
    expect(after.body.errors[0].extensions.code).toBe('AuthenticationRequired');
  });

  it('shows emails only to the user and administrators, and introspection only to administrators', async () => {
    const anonymous = await graph(`{ user(id: "${alice.id}") { username email } }`);
    expect(anonymous.body.data.user).toEqual({ username: 'alice', email: null });
    const admin = await graph(`{ user(id: "${alice.id}") { email } }`, {}, h.masterKey);
    expect(admin.body.data.user.email).toBe('alice@example.org');
    const refused = await graph('{ __schema { queryType { name } } }');
    expect(refused.body.errors[0].extensions.code).toBe('AdminRequiredException');
    const allowed = await graph('{ __schema { queryType { name } } }', {}, h.admin.key);
    expect(allowed.body.data.__schema.queryType.name).toBe('Query');
  });

  it('creates a repository and uploads a revision through a GraphQL multipart request', async () => {
    const created = await graph('mutation ($input: DepotRepositoryInput!) { createRepository(input: $input) { id name owner } }', { input: { name: 'graph_made', synopsis: 'Made in the graph' } }, alice.key);
    expect(created.body.data.createRepository).toMatchObject({ name: 'graph_made', owner: 'alice' });
    const operations = {
      query: 'mutation ($id: ID!, $file: Upload) { uploadChangeset(repositoryId: $id, file: $file, commitMessage: "from the graph") { message changesetRevision ctxRev } }',
      variables: { id: created.body.data.createRepository.id, file: null },
    };
    const res = await h.api
      .post('/graphql')
      .query({ key: alice.key })
      .set('apollo-require-preflight', 'true')
      .field('operations', JSON.stringify(operations))
      .field('map', JSON.stringify({ 0: ['variables.file'] }))
      .attach('0', tarball({ 'g.xml': toolXml('graph_tool', '0.1') }), 'graph.tar.gz');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.uploadChangeset).toMatchObject({ ctxRev: 0, changesetRevision: expect.stringMatching(/^[0-9a-f]{12}$/) });
    const ordered = await h.api.get('/api/repositories/get_ordered_installable_revisions').query({ name: 'graph_made', owner: 'alice' });
    expect(ordered.body).toEqual([res.body.data.uploadChangeset.changesetRevision]);
  });

  it('gives the error kind in extensions.code (a repository name taken: RequestParameterInvalidException)', async () => {
    const res = await graph('mutation { createRepository(input: { name: "graph_made", synopsis: "again" }) { id } }', {}, alice.key);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'RequestParameterInvalidException', errCode: 400008 });
  });
});
