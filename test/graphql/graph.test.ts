import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

const gql = (key: string | undefined, query: string, variables: Record<string, unknown> = {}) => {
  const req = h.api.post('/graphql').send({ query, variables });
  return key ? req.set('x-api-key', key) : req;
};

describe('POST /graphql', () => {
  it('serves the same graph as the shim, with encoded ids', async () => {
    const res = await gql(h.admin.key, '{ users { id email roles { name type } } }');
    expect(res.status).toBe(200);
    expect(res.body.data.users).toContainEqual({ id: alice.id, email: alice.email, roles: [{ name: alice.email, type: 'private' }] });
  });

  it("carries the contract's error kind in extensions.code", async () => {
    const res = await gql(alice.key, '{ groups { id } }');
    expect(res.body.errors[0]).toEqual(
      expect.objectContaining({ message: 'You must be an administrator to access this feature.', extensions: { code: 'AdminRequiredException', errCode: 403006, status: 403 } }),
    );
    const malformed = await gql(h.admin.key, '{ group(id: "zz") { id } }');
    expect(malformed.body.errors[0].extensions).toEqual({ code: 'MalformedId', errCode: 400009, status: 400, id: 'zz' });
  });

  it('refuses a bad API key with 403', async () => {
    const res = await gql('nope', '{ viewer { isAnonymous } }');
    expect(res.status).toBe(403);
    expect(res.body.errors[0].extensions.code).toBe('AuthenticationRequired');
  });

  it('lets a user follow their own roles but not walk to other members', async () => {
    const own = await gql(alice.key, '{ viewer { user { email roles { name } } } }');
    expect(own.body.data.viewer.user.roles).toEqual([{ name: alice.email }]);
    const walk = await gql(alice.key, '{ viewer { user { roles { users { email } } } } }');
    expect(walk.body.errors[0].extensions.code).toBe('AdminRequiredException');
  });
});

describe('introspection and GraphiQL', () => {
  it('are for administrators only', async () => {
    expect((await gql(h.admin.key, '{ __schema { queryType { name } } }')).body.data.__schema.queryType.name).toBe('Query');
    const refused = await gql(alice.key, '{ __schema { queryType { name } } }');
    expect(refused.status).toBe(403);
    expect((await gql(undefined, '{ __type(name: "User") { name } }')).status).toBe(403);
    const page = await h.api.get('/graphiql').query({ key: h.admin.key });
    expect(page.status).toBe(200);
    expect(page.text).toContain('/graphiql/assets/graphiql.js');
    expect((await h.api.get('/graphiql').query({ key: alice.key })).status).toBe(403);
  });

  it('serves its assets from local npm packages', async () => {
    const asset = await h.api.get('/graphiql/assets/graphiql.js');
    expect(asset.status).toBe(200);
    expect(asset.text.length).toBeGreaterThan(100000);
  });
});

describe('relations through per-request DataLoaders', () => {
  it('cost a constant number of SQL queries whatever the number of groups', async () => {
    // Users' groups asked for beside the groups, not inside them: a group's users' groups go around the graph (refused by the cost rule).
    const query = '{ groups { id users { email roles { name } } roles { name users { email } } quotas { name users { email } } } users { email groups { name } } }';
    const members = [await h.newUser('member1'), await h.newUser('member2'), await h.newUser('member3')];
    const addGroups = async (from: number, to: number) => {
      for (let i = from; i < to; i += 1) {
        await h.api.post('/api/groups').send({ key: h.admin.key, name: `g${i}`, user_ids: members.map((m) => m.id) });
      }
    };
    await addGroups(0, 3);
    await h.warmKeys(h.admin.key);
    const few = h.queriesOf(await gql(h.admin.key, query));
    await addGroups(3, 30);
    const many = h.queriesOf(await gql(h.admin.key, query));
    expect(many).toBe(few);
    expect(few).toBeGreaterThan(0);
  });
});

describe('history and library relations through per-request DataLoaders', () => {
  it("cost the same SQL for 2 and for 8 histories with their jobs and citations", async () => {
    const owner = await h.newUser('historian');
    const query = '{ histories { id jobs { id toolId } citations } }';
    const addHistories = async (count: number) => {
      for (let i = 0; i < count; i += 1) {
        const created = await h.api.post('/api/histories').send({ key: owner.key, name: `h${i}` });
        await h.api.post('/api/tools').send({ key: owner.key, tool_id: 'upload1', history_id: created.body.id, inputs: { 'files_0|url_paste': 'x\n', file_type: 'txt' } });
      }
    };
    await addHistories(2);
    await h.warmKeys(owner.key);
    const few = h.queriesOf(await gql(owner.key, query));
    await addHistories(6);
    const res = await gql(owner.key, query);
    expect(res.body.data.histories).toHaveLength(8);
    expect(res.body.data.histories.every((history: { jobs: unknown[] }) => history.jobs.length === 1)).toBe(true);
    expect(h.queriesOf(res)).toBe(few);
  });

  it('cost the same SQL for 2 and for 8 libraries with their folders, paths and item counts', async () => {
    // Four nested lists of unknown size (libraries, folders, datasets, their expired versions) are more than the cost rule lets through: the versions are asked of one folder below.
    const query = '{ libraries { id rootFolder { itemCount children { id libraryPath itemCount datasets { id isUnrestricted } children { id libraryPath } } } } }';
    const addLibraries = async (count: number) => {
      for (let i = 0; i < count; i += 1) {
        const library = await h.api.post('/api/libraries').send({ key: h.admin.key, name: `lib${i}` });
        const folder = await h.api.post(`/api/folders/${library.body.root_folder_id}`).send({ key: h.admin.key, name: 'top' });
        await h.api.post(`/api/folders/${folder.body.id}`).send({ key: h.admin.key, name: 'inner' });
        const pasted = await h.api
          .post(`/api/libraries/${library.body.id}/contents`)
          .send({ key: h.admin.key, create_type: 'file', folder_id: folder.body.id, 'files_0|url_paste': `data ${i}\n` });
        expect(pasted.status).toBe(200);
      }
    };
    await addLibraries(2);
    await h.warmKeys(h.admin.key);
    const few = h.queriesOf(await gql(h.admin.key, query));
    await addLibraries(6);
    const res = await gql(h.admin.key, query);
    expect(h.queriesOf(res)).toBe(few);
    const top = res.body.data.libraries[0].rootFolder.children[0];
    expect(top.children[0].libraryPath).toEqual(['top', 'inner']);
    expect(top.datasets).toEqual([expect.objectContaining({ isUnrestricted: true })]);
    const folder = await gql(h.admin.key, `{ folder(id: "${top.id}") { datasets { id expiredVersions { id } isUnrestricted } } }`);
    expect(folder.body.data.folder.datasets).toEqual([{ id: top.datasets[0].id, expiredVersions: [], isUnrestricted: true }]);
  });
});
