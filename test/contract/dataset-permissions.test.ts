import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { binaryParser, expectError } from '../support/job-helpers';
import { addDataset, createLibrary, createRole, setDatasetRoles } from '../support/library-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let historyId: string;
let alicePrivateRole: string;

const CONTENT = 'shared by id\n';

const gql = (key: string, query: string, variables: Record<string, unknown> = {}) => h.api.post('/graphql').set('x-api-key', key).send({ query, variables });

async function privateRoleOf(user: TestUser): Promise<string> {
  const res = await gql(user.key, '{ viewer { user { roles { id type } } } }');
  return (res.body.data.viewer.user.roles as Array<{ id: string; type: string }>).find((role) => role.type === 'private')!.id;
}

async function newDataset(key = alice.key, history = historyId): Promise<string> {
  const upload = await uploadText(h, key, history, CONTENT, { fileType: 'txt', name: 'data' });
  await waitForJob(h, key, upload.jobId);
  return upload.datasetId;
}

/** The four reads of a dataset by id: show, show in its history, and both downloads (as bytes when `binary`). */
const reads = (id: string, binary = true) => {
  const bytes = (req: ReturnType<typeof h.api.get>) => (binary ? req.buffer(true).parse(binaryParser) : req);
  return [
    (query: Record<string, string>) => h.api.get(`/api/datasets/${id}`).query(query),
    (query: Record<string, string>) => h.api.get(`/api/histories/${historyId}/contents/${id}`).query(query),
    (query: Record<string, string>) => bytes(h.api.get(`/api/histories/${historyId}/contents/${id}/display`).query({ to_ext: 'txt', ...query })),
    (query: Record<string, string>) => bytes(h.api.get(`/api/datasets/${id}/display`).query(query)),
  ];
};

async function expectReadable(id: string, key?: string): Promise<void> {
  const query: Record<string, string> = key ? { key } : {};
  const [show, showInHistory, download, display] = await Promise.all(reads(id).map((read) => read(query)));
  expect([show.status, showInHistory.status, download.status, display.status]).toEqual([200, 200, 200, 200]);
  expect(show.body.id).toBe(id);
  expect(showInHistory.body.id).toBe(id);
  expect(download.body.toString()).toBe(CONTENT);
  expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".*\.txt"$/);
  expect(display.body.toString()).toBe(CONTENT);
}

async function expectRefused(id: string, key?: string): Promise<void> {
  const query: Record<string, string> = key ? { key } : {};
  for (const read of reads(id, false)) expectError(await read(query), 403, 403002);
}

const setPermissions = (id: string, key: string | undefined, payload: Record<string, unknown>) => {
  const req = h.api.put(`/api/datasets/${id}/permissions`);
  return (key ? req.query({ key }) : req).send(payload);
};

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  carol = await h.newUser('carol');
  historyId = await createHistory(h, alice.key);
  alicePrivateRole = await privateRoleOf(alice);
});
afterAll(() => h.close());

describe('a public history dataset (no access roles), following the platform', () => {
  it('shows and downloads without a key, to anonymous callers and to other users', async () => {
    const id = await newDataset();
    await expectReadable(id);
    await expectReadable(id, bob.key);
    await expectReadable(id, alice.key);
  });

  it('is still found only in its own history', async () => {
    const id = await newDataset();
    const other = await createHistory(h, alice.key, 'other');
    expectError(await h.api.get(`/api/histories/${other}/contents/${id}`), 404, 404001);
  });

  it("keeps the history's own rules for listing its contents", async () => {
    await newDataset();
    expectError(await h.api.get(`/api/histories/${historyId}/contents`).query({ key: bob.key }), 403, 403002);
    expectError(await h.api.get(`/api/histories/${historyId}/contents`), 403, 403002);
  });
});

describe('PUT /api/datasets/{id}/permissions', () => {
  it('make_private restricts the dataset to its owner (and administrators); remove_restrictions makes it public again', async () => {
    const id = await newDataset();
    const res = await setPermissions(id, alice.key, { action: 'make_private' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_dataset_roles: [[alice.email, alicePrivateRole]], manage_dataset_roles: [], modify_item_roles: [] });
    await expectRefused(id);
    await expectRefused(id, bob.key);
    await expectReadable(id, alice.key);
    await expectReadable(id, h.admin.key);
    const open = await setPermissions(id, alice.key, { action: 'remove_restrictions' });
    expect(open.body.access_dataset_roles).toEqual([]);
    await expectReadable(id);
  });

  it('set_permissions needs every access role of the dataset to read it', async () => {
    const id = await newDataset();
    const team = await createRole(h, 'team', { users: [bob, carol] });
    const lab = await createRole(h, 'lab', { users: [carol] });
    const one = await setPermissions(id, alice.key, { action: 'set_permissions', 'access_ids[]': [team.id], 'manage_ids[]': [alicePrivateRole] });
    expect(one.status).toBe(200);
    expect(one.body.access_dataset_roles).toEqual([['team', team.id]]);
    expect(one.body.manage_dataset_roles).toEqual([[alice.email, alicePrivateRole]]);
    await expectReadable(id, bob.key);
    await expectRefused(id);
    const both = await setPermissions(id, alice.key, { action: 'set_permissions', access_ids: [team.id, lab.id] });
    expect(both.status).toBe(200);
    await expectRefused(id, bob.key);
    await expectReadable(id, carol.key);
    await expectReadable(id, alice.key);
  });

  it('set_permissions without access roles makes the dataset public (the default action)', async () => {
    const id = await newDataset();
    await setPermissions(id, alice.key, { action: 'make_private' });
    const res = await setPermissions(id, alice.key, {});
    expect(res.status).toBe(200);
    expect(res.body.access_dataset_roles).toEqual([]);
    await expectReadable(id);
  });

  it('accepts role names, as the library dataset form sends them', async () => {
    const id = await newDataset();
    const res = await setPermissions(id, alice.key, { action: 'set_permissions', 'access_ids[]': [alice.email] });
    expect(res.body.access_dataset_roles).toEqual([[alice.email, alicePrivateRole]]);
  });

  it('refuses unknown roles, unknown actions and access roles no user holds together with 400', async () => {
    const id = await newDataset();
    expectError(await setPermissions(id, alice.key, { action: 'set_permissions', 'access_ids[]': ['f7bb1edd6b95db62'] }), 400, 400008);
    expectError(await setPermissions(id, alice.key, { action: 'set_permissions', 'access_ids[]': ['no such role'] }), 400, 400008);
    expectError(await setPermissions(id, alice.key, { action: 'set_permissions', 'modify_ids[]': ['f7bb1edd6b95db62'] }), 400, 400008);
    expectError(await setPermissions(id, alice.key, { action: 'publish' }), 400, 400008);
    const bobRole = await privateRoleOf(bob);
    expectError(await setPermissions(id, alice.key, { action: 'set_permissions', 'access_ids[]': [alicePrivateRole, bobRole] }), 400, 400008);
    await expectReadable(id);
  });

  it('refuses other users (403), anonymous callers (403001) and lets administrators change them', async () => {
    const id = await newDataset();
    expectError(await setPermissions(id, bob.key, { action: 'make_private' }), 403, 403005);
    expectError(await setPermissions(id, undefined, { action: 'make_private' }), 403, 403001);
    const bobRole = await privateRoleOf(bob);
    const byAdmin = await setPermissions(id, h.admin.key, { action: 'set_permissions', 'access_ids[]': [bobRole] });
    expect(byAdmin.status).toBe(200);
    await expectReadable(id, bob.key);
    await expectRefused(id, carol.key);
    // A dataset they may not read is not accessible to them at all.
    expectError(await setPermissions(id, carol.key, { action: 'remove_restrictions' }), 403, 403002);
    await expectReadable(id, alice.key);
  });

  it('lets a holder of a manage role change them', async () => {
    const id = await newDataset();
    const bobRole = await privateRoleOf(bob);
    await setPermissions(id, alice.key, { action: 'set_permissions', 'manage_ids[]': [bobRole] });
    const res = await setPermissions(id, bob.key, { action: 'make_private' });
    expect(res.status).toBe(200);
    expect(res.body.access_dataset_roles).toEqual([[bob.email, bobRole]]);
    await expectReadable(id, alice.key);
  });
});

describe('GET /api/datasets/{id}/permissions', () => {
  it('answers the owner and administrators, refuses other users and anonymous callers', async () => {
    const id = await newDataset();
    await setPermissions(id, alice.key, { action: 'make_private' });
    for (const key of [alice.key, h.admin.key]) {
      const res = await h.api.get(`/api/datasets/${id}/permissions`).query({ key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ access_dataset_roles: [[alice.email, alicePrivateRole]], manage_dataset_roles: [], modify_item_roles: [] });
    }
    expectError(await h.api.get(`/api/datasets/${id}/permissions`).query({ key: bob.key }), 403, 403002);
    expectError(await h.api.get(`/api/datasets/${id}/permissions`), 403, 403001);
    await setPermissions(id, alice.key, { action: 'remove_restrictions' });
    expectError(await h.api.get(`/api/datasets/${id}/permissions`).query({ key: bob.key }), 403, 403005);
  });
});

describe('copies share the dataset, and so its permissions', () => {
  it('a copy into another history is restricted like its source', async () => {
    const id = await newDataset();
    await setPermissions(id, alice.key, { action: 'make_private' });
    const other = await createHistory(h, alice.key, 'copies');
    const copy = await h.api.post(`/api/histories/${other}/contents`).send({ key: alice.key, source: 'hda', content: id });
    expect(copy.status).toBe(200);
    const res = await h.api.get(`/api/datasets/${copy.body.id}/permissions`).query({ key: alice.key });
    expect(res.body.access_dataset_roles).toEqual([[alice.email, alicePrivateRole]]);
    expectError(await h.api.get(`/api/datasets/${copy.body.id}`), 403, 403002);
  });
});

describe('who owns the shared dataset', () => {
  it("is who made it: a copy in another user's history gives no say over its permissions, and a restricted one is not copied", async () => {
    const shared = await createHistory(h, alice.key, 'shared');
    expect((await h.api.put(`/api/histories/${shared}`).query({ key: alice.key }).send({ importable: true })).status).toBe(200);
    const id = await newDataset(alice.key, shared);
    const bobHistory = await createHistory(h, bob.key);
    const copy = await h.api.post(`/api/histories/${bobHistory}/contents`).send({ key: bob.key, source: 'hda', content: id });
    expect(copy.status).toBe(200);
    expectError(await setPermissions(copy.body.id, bob.key, { action: 'make_private' }), 403, 403005);
    expect((await setPermissions(copy.body.id, alice.key, { action: 'make_private' })).status).toBe(200);
    expectError(await h.api.post(`/api/histories/${bobHistory}/contents`).send({ key: bob.key, source: 'hda', content: id }), 403, 403002);
    // Bob still reads the copy made while it was public, in his own history, as the platform lets the history's owner do.
    expect((await h.api.get(`/api/datasets/${copy.body.id}`).query({ key: bob.key })).status).toBe(200);
    expectError(await h.api.get(`/api/datasets/${copy.body.id}`).query({ key: carol.key }), 403, 403002);
  });
});

describe('library and history datasets: one rule set on the shared dataset', () => {
  it('a restricted library dataset imported into a history stays restricted there, and only its managers change that', async () => {
    const library = await createLibrary(h, 'restricted things');
    const role = await createRole(h, 'readers', { users: [alice] });
    const ld = await addDataset(h, library.root_folder_id, 'secret.txt', CONTENT);
    await setDatasetRoles(h, ld.id, { access: ['readers'] });
    const imported = await h.api.post(`/api/histories/${historyId}/contents`).send({ key: alice.key, source: 'library', content: ld.id });
    expect(imported.status).toBe(200);
    const id = imported.body.id as string;
    await expectReadable(id, alice.key);
    await expectRefused(id, bob.key);
    await expectRefused(id);
    const roles = await h.api.get(`/api/datasets/${id}/permissions`).query({ key: h.admin.key });
    expect(roles.body.access_dataset_roles).toEqual([['readers', role.id]]);
    // Importing it gives Alice no say over the library's dataset.
    expectError(await setPermissions(id, alice.key, { action: 'remove_restrictions' }), 403, 403005);
    expect((await setPermissions(id, h.admin.key, { action: 'remove_restrictions' })).status).toBe(200);
    const libraryRoles = await h.api.get(`/api/libraries/datasets/${ld.id}/permissions`).query({ key: h.admin.key, scope: 'current' });
    expect(libraryRoles.body.access_dataset_roles).toEqual([]);
    await expectReadable(id, bob.key);
  });
});

describe("a user's default permissions (GraphQL)", () => {
  const SHOW = '{ defaultDatasetPermissions { access { id name } manage { id name } } }';
  const SET = 'mutation ($access: [String!]!, $manage: [String!]) { setDefaultDatasetPermissions(access: $access, manage: $manage) { access { id name } manage { id } } }';

  it('are none by default: new datasets are public', async () => {
    const res = await gql(carol.key, SHOW);
    expect(res.body.data.defaultDatasetPermissions).toEqual({ access: [], manage: [] });
  });

  it('apply to new uploads once the user asks for their private role', async () => {
    const carolHistory = await createHistory(h, carol.key, 'private by default');
    const carolRole = await privateRoleOf(carol);
    const set = await gql(carol.key, SET, { access: [carolRole], manage: [carolRole] });
    expect(set.body.data.setDefaultDatasetPermissions).toEqual({ access: [{ id: carolRole, name: carol.email }], manage: [{ id: carolRole }] });
    const id = await newDataset(carol.key, carolHistory);
    const roles = await h.api.get(`/api/datasets/${id}/permissions`).query({ key: carol.key });
    expect(roles.body).toEqual({ access_dataset_roles: [[carol.email, carolRole]], manage_dataset_roles: [[carol.email, carolRole]], modify_item_roles: [] });
    expectError(await h.api.get(`/api/datasets/${id}`), 403, 403002);
    expectError(await h.api.get(`/api/datasets/${id}/display`).query({ key: bob.key }), 403, 403002);
    expect((await h.api.get(`/api/datasets/${id}`).query({ key: carol.key })).status).toBe(200);
    await gql(carol.key, SET, { access: [] });
    expect((await gql(carol.key, SHOW)).body.data.defaultDatasetPermissions).toEqual({ access: [], manage: [{ id: carolRole, name: carol.email }] });
  });

  it('refuse unknown roles and anonymous callers', async () => {
    const res = await gql(carol.key, SET, { access: ['f7bb1edd6b95db62'] });
    expect(res.body.errors[0].extensions.code).toBe('RequestParameterInvalidException');
    const anonymous = await h.api.post('/graphql').send({ query: SHOW });
    expect(anonymous.body.errors[0].extensions.code).toBe('AuthenticationRequired');
  });
});

describe('the graph: dataset(id)', () => {
  it('shows a public dataset to another user but not its private history', async () => {
    const id = await newDataset();
    const shown = await gql(bob.key, 'query ($id: ID!) { dataset(id: $id) { id name } }', { id });
    expect(shown.body.data.dataset).toEqual({ id, name: 'data' });
    const walked = await gql(bob.key, 'query ($id: ID!) { dataset(id: $id) { id history { name } } }', { id });
    expect(walked.body.errors[0].extensions.code).toBe('ItemAccessibilityException');
    const own = await gql(alice.key, 'query ($id: ID!) { dataset(id: $id) { history { id } } }', { id });
    expect(own.body.data.dataset.history.id).toBe(historyId);
  });
});

describe('GET /api/datasets/{id}: constant SQL', () => {
  it('costs one statement for the owner, other users and administrators, public or restricted', async () => {
    const id = await newDataset();
    await h.warmKeys(alice.key, bob.key, h.admin.key);
    const counts = [];
    for (const key of [alice.key, bob.key, h.admin.key]) counts.push(h.queriesOf(await h.api.get(`/api/datasets/${id}`).query({ key })));
    await setPermissions(id, alice.key, { action: 'make_private' });
    for (const key of [alice.key, h.admin.key]) counts.push(h.queriesOf(await h.api.get(`/api/datasets/${id}`).query({ key })));
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBe(1);
    // Showing it in its history reads no history row any more: the dataset's statement decides.
    expect(h.queriesOf(await h.api.get(`/api/histories/${historyId}/contents/${id}`).query({ key: bob.key }))).toBe(1);
  });
});

describe("the dataset dictionary's permissions key (encoded role ids, as the platform's serializer)", () => {
  it('is empty for a public dataset and names the roles once restricted, in shows and detailed listings alike', async () => {
    const id = await newDataset();
    const shown = await h.api.get(`/api/datasets/${id}`).query({ key: alice.key });
    expect(shown.body.permissions).toEqual({ access: [], manage: [] });
    await setPermissions(id, alice.key, { action: 'make_private' });
    const restricted = await h.api.get(`/api/datasets/${id}`).query({ key: alice.key });
    expect(restricted.body.permissions.access).toEqual([alicePrivateRole]);
    const managers = (await h.api.get(`/api/datasets/${id}/permissions`).query({ key: alice.key })).body.manage_dataset_roles as Array<[string, string]>;
    expect(restricted.body.permissions.manage).toEqual(managers.map(([, roleId]) => roleId));
    const listed = await h.api.get(`/api/histories/${historyId}/contents`).query({ key: alice.key, details: id });
    expect(listed.body.find((item: { id: string }) => item.id === id).permissions).toEqual(restricted.body.permissions);
    await h.warmKeys(alice.key);
    expect(h.queriesOf(await h.api.get(`/api/datasets/${id}`).query({ key: alice.key }))).toBe(1);
  });
});
