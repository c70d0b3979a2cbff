import { createRepository, type CreatedRepository, publish, toolXml } from '../support/depot-helpers';
import { type DepotUser, startTestDepot, type TestDepot } from '../support/test-depot';

let h: TestDepot;
let alice: DepotUser;
let bob: DepotUser;
let reverse: CreatedRepository;
let tools: CreatedRepository;
let suite: CreatedRepository;
const ids: Record<string, string> = {};

const COLLECTION_KEYS = [
  'changeset_revision', 'do_not_test', 'downloadable', 'has_repository_dependencies', 'id', 'includes_datatypes', 'includes_tool_dependencies', 'includes_tools',
  'includes_tools_for_display_in_tool_panel', 'includes_workflows', 'malicious', 'missing_test_components', 'model_class', 'repository_id', 'test_install_error',
  'time_last_tested', 'tools_functionally_correct', 'url',
];

beforeAll(async () => {
  h = await startTestDepot();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  reverse = await createRepository(h, alice, 'reverse');
  await publish(h, alice, reverse, { 'reverse.xml': toolXml('reverse_lines', '1.0.0') });
  await publish(h, alice, reverse, { 'reverse.xml': toolXml('reverse_lines', '2.0.0') });
  tools = await createRepository(h, bob, 'bob_datatypes');
  await publish(h, bob, tools, { 'datatypes_conf.xml': '<datatypes><registration><datatype extension="rev" type="galaxy.datatypes.data:Text"/></registration></datatypes>' });
  suite = await createRepository(h, bob, 'suite_bob', { type: 'repository_suite_definition' });
  await publish(h, bob, suite, { 'repository_dependencies.xml': '<repositories description="Both"><repository name="reverse" owner="alice"/><repository name="bob_datatypes" owner="bob"/></repositories>' });
  for (const row of await h.sql<{ id: number; name: string; ctx_rev: number }>('select m.id, r.name, m.ctx_rev from depot.repository_metadata m join depot.repository r on r.id = m.repository_id')) {
    ids[`${row.name}@${row.ctx_rev}`] = h.depot.services.ids.encode(row.id);
  }
});
afterAll(() => h.close());

describe('GET /api/repository_revisions', () => {
  it('lists every revision for anyone, by repository id descending, each with its url', async () => {
    const res = await h.api.get('/api/repository_revisions');
    expect(res.status).toBe(200);
    expect(res.body.map((revision: { id: string }) => revision.id)).toEqual([ids['suite_bob@0'], ids['bob_datatypes@0'], ids['reverse@0'], ids['reverse@1']]);
    for (const revision of res.body) {
      expect(Object.keys(revision).sort()).toEqual(COLLECTION_KEYS);
      expect(revision.url).toBe(`/api/repository_revisions/${revision.id}`);
    }
  });

  it('ANDs the boolean filters it is given', async () => {
    const withTools = await h.api.get('/api/repository_revisions').query({ includes_tools: 'true' });
    expect(withTools.body.map((revision: { id: string }) => revision.id)).toEqual([ids['reverse@0'], ids['reverse@1']]);
    await h.sql("update depot.repository_metadata set do_not_test = true where id in (select m.id from depot.repository_metadata m join depot.repository r on r.id = m.repository_id where r.name = 'reverse' and m.ctx_rev = 1)");
    const both = await h.api.get('/api/repository_revisions').query({ includes_tools: 'True', do_not_test: 'true', downloadable: 'true' });
    expect(both.body.map((revision: { id: string }) => revision.id)).toEqual([ids['reverse@1']]);
    const without = await h.api.get('/api/repository_revisions').query({ includes_tools: 'false', malicious: 'false', skip_tool_test: 'false', test_install_error: 'false', tools_functionally_correct: 'false', missing_test_components: 'false' });
    expect(without.body.map((revision: { id: string }) => revision.id)).toEqual([ids['suite_bob@0'], ids['bob_datatypes@0']]);
  });

  it('costs the same statements whatever the number of revisions', async () => {
    const all = await h.api.get('/api/repository_revisions');
    const one = await h.api.get('/api/repository_revisions').query({ includes_datatypes: 'true', downloadable: 'true', do_not_test: 'true' });
    expect(h.queriesOf(all)).toBe(1);
    expect(h.queriesOf(one)).toBe(1);
  });
});

describe('GET /api/repository_revisions/{id}', () => {
  it('shows the element view (with tool_test_results) and a url to the revision itself (15.05 pointed at the repository: a bug not kept)', async () => {
    const res = await h.api.get(`/api/repository_revisions/${ids['reverse@1']}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...COLLECTION_KEYS, 'tool_test_results'].sort());
    expect(res.body).toMatchObject({ id: ids['reverse@1'], repository_id: reverse.id, includes_tools: true, tool_test_results: null, url: `/api/repository_revisions/${ids['reverse@1']}` });
  });

  it('answers {} for an unknown id and 400009 for a malformed one', async () => {
    const unknown = await h.api.get(`/api/repository_revisions/${h.depot.services.ids.encode(4242)}`);
    expect([unknown.status, unknown.body]).toEqual([200, {}]);
    const malformed = await h.api.get('/api/repository_revisions/zzz');
    expect([malformed.status, malformed.body.err_code]).toEqual([400, 400009]);
  });
});

describe('GET /api/repository_revisions/{id}/repository_dependencies', () => {
  it("lists the revisions it depends on, each enriched with its repository's fields (the revision's own keys kept) and the repository's url", async () => {
    const res = await h.api.get(`/api/repository_revisions/${ids['suite_bob@0']}/repository_dependencies`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const [first, second] = res.body;
    expect(first).toMatchObject({
      model_class: 'RepositoryMetadata',
      id: ids['reverse@1'],
      repository_id: reverse.id,
      includes_tools: true,
      name: 'reverse',
      owner: 'alice',
      type: 'unrestricted',
      description: 'The reverse tools',
      long_description: '',
      user_id: alice.id,
      deleted: false,
      times_downloaded: 0,
      url: `/api/repositories/${reverse.id}`,
    });
    expect(first).toHaveProperty('tool_test_results');
    expect(second).toMatchObject({ id: ids['bob_datatypes@0'], name: 'bob_datatypes', owner: 'bob', includes_datatypes: true, url: `/api/repositories/${tools.id}` });
  });

  it('answers [] for a revision without dependencies or an unknown one', async () => {
    expect((await h.api.get(`/api/repository_revisions/${ids['reverse@0']}/repository_dependencies`)).body).toEqual([]);
    expect((await h.api.get(`/api/repository_revisions/${h.depot.services.ids.encode(5151)}/repository_dependencies`)).body).toEqual([]);
    expect(suite.name).toBe('suite_bob');
  });
});

describe('PUT /api/repository_revisions/{id}', () => {
  it('sets the test framework columns for an authenticated caller, and time_last_tested to now (UTC) whatever was sent', async () => {
    const before = Date.now();
    const res = await h.api.put(`/api/repository_revisions/${ids['bob_datatypes@0']}`).query({ key: alice.key }).send({ tools_functionally_correct: true, missing_test_components: 'true', tool_test_results: { passed_tests: [] }, time_last_tested: '1999-01-01', id: 'ignored' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids['bob_datatypes@0'], tools_functionally_correct: true, missing_test_components: true, tool_test_results: { passed_tests: [] }, url: `/api/repository_revisions/${ids['bob_datatypes@0']}` });
    expect(res.body.time_last_tested).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?$/);
    const tested = Date.parse(`${res.body.time_last_tested}Z`);
    expect(tested).toBeGreaterThanOrEqual(before - 1000);
    expect(tested).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('lets the owner (or an administrator) change downloadable, and only administrators malicious (403005 otherwise)', async () => {
    const other = await h.api.put(`/api/repository_revisions/${ids['bob_datatypes@0']}`).query({ key: alice.key }).send({ downloadable: false });
    expect([other.status, other.body.err_code]).toEqual([403, 403005]);
    const owner = await h.api.put(`/api/repository_revisions/${ids['bob_datatypes@0']}`).query({ key: bob.key }).send({ downloadable: false });
    expect([owner.status, owner.body.downloadable]).toEqual([200, false]);
    const ownerMalicious = await h.api.put(`/api/repository_revisions/${ids['bob_datatypes@0']}`).query({ key: bob.key }).send({ malicious: true });
    expect([ownerMalicious.status, ownerMalicious.body.err_code]).toEqual([403, 403005]);
    const admin = await h.api.put(`/api/repository_revisions/${ids['bob_datatypes@0']}`).query({ key: h.masterKey }).send({ malicious: true, downloadable: true });
    expect(admin.body).toMatchObject({ malicious: true, downloadable: true });
  });

  it('needs an identity (403001); answers {} for an unknown revision and 400009 for a malformed id', async () => {
    const anonymous = await h.api.put(`/api/repository_revisions/${ids['reverse@0']}`).send({ do_not_test: true });
    expect([anonymous.status, anonymous.body.err_code]).toEqual([403, 403001]);
    const unknown = await h.api.put(`/api/repository_revisions/${h.depot.services.ids.encode(6161)}`).query({ key: alice.key }).send({ do_not_test: true });
    expect([unknown.status, unknown.body]).toEqual([200, {}]);
    const malformed = await h.api.put('/api/repository_revisions/zzz').query({ key: alice.key }).send({});
    expect([malformed.status, malformed.body.err_code]).toEqual([400, 400009]);
  });
});

describe('POST /api/repositories/add_repository_registry_entry', () => {
  it('adds the entry for administrators (depot_url, or the platform spelling tool_shed_url)', async () => {
    const res = await h.api.post('/api/repositories/add_repository_registry_entry').query({ key: h.admin.key }).send({ depot_url: 'http://localhost:9009', name: 'reverse', owner: 'alice' });
    expect([res.status, res.body]).toEqual([200, { status: 'ok', message: 'Entries for repository reverse owned by alice have been added to the Tool Shed repository registry.' }]);
    const legacy = await h.api.post('/api/repositories/add_repository_registry_entry').type('form').send({ key: h.masterKey, tool_shed_url: 'http://localhost:9009', name: 'reverse', owner: 'alice' });
    expect(legacy.body.status).toBe('ok');
  });

  it('answers an unknown repository with an error message', async () => {
    const res = await h.api.post('/api/repositories/add_repository_registry_entry').query({ key: h.masterKey }).send({ depot_url: 'x', name: 'nothing', owner: 'alice' });
    expect([res.status, res.body]).toEqual([200, { status: 'error', message: 'Cannot locate repository with name nothing and owner alice,' }]);
  });

  it('answers other users with an error message (status 200), anonymous callers with 403001, missing parameters with 400', async () => {
    const user = await h.api.post('/api/repositories/add_repository_registry_entry').query({ key: alice.key }).send({ depot_url: 'x', name: 'reverse', owner: 'alice' });
    expect([user.status, user.body]).toEqual([200, { status: 'error', message: "You are not authorized to add entries to this Tool Shed's repository registry." }]);
    const anonymous = await h.api.post('/api/repositories/add_repository_registry_entry').send({ depot_url: 'x', name: 'reverse', owner: 'alice' });
    expect([anonymous.status, anonymous.body.err_code]).toEqual([403, 403001]);
    for (const [missing, payload] of [['depot_url', { name: 'a', owner: 'b' }], ['name', { depot_url: 'x', owner: 'b' }], ['owner', { depot_url: 'x', name: 'a' }]] as const) {
      const res = await h.api.post('/api/repositories/add_repository_registry_entry').query({ key: h.masterKey }).send(payload);
      expect([res.status, res.body]).toEqual([400, { err_msg: `Missing required parameter '${missing}'.`, err_code: 400007 }]);
    }
  });
});
