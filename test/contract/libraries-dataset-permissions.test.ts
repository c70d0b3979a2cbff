import { Role } from '../../src/entities/role.entity';
import { addDataset, createGroup, createLibrary, createRole, errorBody, type LibraryRef, type Named, setDatasetRoles, UNKNOWN_ID } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * GET and POST /api/libraries/datasets/{id}/permissions: who may access and manage the dataset and
 * modify the library item. Roles are role names, also as the ids of the available roles.
 */

let h: TestPlatform;
let steward: TestUser; // holds "stewards" directly
let groupSteward: TestUser; // through the group "office"
let viewer: TestUser; // holds "viewers"
let other: TestUser;
let stewards: Named;
let viewers: Named;
let library: LibraryRef;

beforeAll(async () => {
  h = await startTestPlatform();
  steward = await h.newUser('steward');
  groupSteward = await h.newUser('groupsteward');
  viewer = await h.newUser('viewer');
  other = await h.newUser('other');
  const office = await createGroup(h, 'office', { users: [groupSteward] });
  stewards = await createRole(h, 'stewards', { users: [steward], groupIds: [office.id] });
  viewers = await createRole(h, 'viewers', { users: [viewer, steward] });
  for (const name of ['vip one', 'vip two', 'vip three']) await createRole(h, name);
  library = await createLibrary(h, 'Permissions');
}, patient(60000));
afterAll(() => h.close());

const url = (id: string) => `/api/libraries/datasets/${id}/permissions`;
let counter = 0;
/** A dataset restricted to stewards and managed by them. */
const managedDataset = async () => {
  const dataset = await addDataset(h, library.root_folder_id, `managed-${(counter += 1)}.txt`);
  await setDatasetRoles(h, dataset.id, { access: [stewards.name], manage: [stewards.name] });
  return dataset;
};

describe('GET /api/libraries/datasets/{id}/permissions', () => {
  it('scope current (the default) lists role names per permission', async () => {
    const dataset = await addDataset(h, library.root_folder_id, 'current.txt');
    await setDatasetRoles(h, dataset.id, { access: [stewards.name, viewers.name], manage: [stewards.name], modify: [viewers.name, stewards.name] });
    for (const query of [{}, { scope: 'current' }]) {
      const res = await h.api.get(url(dataset.id)).query({ key: h.admin.key, ...query });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        access_dataset_roles: expect.arrayContaining(['stewards', 'viewers']),
        modify_item_roles: expect.arrayContaining(['viewers', 'stewards']),
        manage_dataset_roles: ['stewards'],
      });
      expect(res.body.access_dataset_roles).toHaveLength(2);
      expect(res.body.modify_item_roles).toHaveLength(2);
    }
  });

  it('a public dataset copied from a history has no roles', async () => {
    const dataset = await addDataset(h, library.root_folder_id, 'fresh.txt');
    const res = await h.api.get(url(dataset.id)).query({ key: h.admin.key });
    expect(res.body).toEqual({ access_dataset_roles: [], modify_item_roles: [], manage_dataset_roles: [] });
  });

  it('scope available pages the roles one may choose; their ids are the role names', async () => {
    const dataset = await addDataset(h, library.root_folder_id, 'available.txt');
    const res = await h.api.get(url(dataset.id)).query({ key: h.admin.key, scope: 'available', q: 'vip', page_limit: 2, page: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ roles: [{ id: 'vip two', name: 'vip two', type: 'admin' }], page: 2, page_limit: 2, total: 3 });
    const all = await h.api.get(url(dataset.id)).query({ key: h.admin.key, scope: 'available' });
    expect(all.body.page).toBe(1);
    expect(all.body.page_limit).toBe(10);
    for (const role of all.body.roles) expect(role.id).toBe(role.name);
  });

  it('offers the manager of a restricted dataset its access roles and the roles of their holders', async () => {
    const dataset = await managedDataset();
    const res = await h.api.get(url(dataset.id)).query({ key: steward.key, scope: 'available', page_limit: 50 });
    expect(res.status).toBe(200);
    const names = res.body.roles.map((role: Named) => role.name);
    expect(names).toEqual(expect.arrayContaining(['stewards', 'viewers', steward.email]));
    expect(names).not.toContain('vip one');
    expect(names).not.toContain(other.email);
  });

  it('is open to holders of the manage role (directly or through a group)', async () => {
    const dataset = await managedDataset();
    for (const user of [steward, groupSteward]) {
      const res = await h.api.get(url(dataset.id)).query({ key: user.key });
      expect(res.status).toBe(200);
      expect(res.body.manage_dataset_roles).toEqual(['stewards']);
    }
  });

  it('refuses callers without the manage role (InsufficientPermissions), even those who may access the dataset', async () => {
    const dataset = await managedDataset();
    await setDatasetRoles(h, dataset.id, { access: [stewards.name, viewers.name], manage: [stewards.name] });
    for (const user of [viewer, other]) {
      const res = await h.api.get(url(dataset.id)).query({ key: user.key });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(errorBody(403005));
    }
    const publicDataset = await addDataset(h, library.root_folder_id, 'unmanaged.txt');
    expect((await h.api.get(url(publicDataset.id)).query({ key: other.key })).status).toBe(403);
    const anonymous = await h.api.get(url(dataset.id));
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual(errorBody(403001));
  });

  it('rejects another scope (RequestParameterInvalidException) and answers ObjectNotFound for an unknown dataset', async () => {
    const dataset = await managedDataset();
    const scope = await h.api.get(url(dataset.id)).query({ key: h.admin.key, scope: 'mine' });
    expect(scope.status).toBe(400);
    expect(scope.body).toEqual(errorBody(400008));
    for (const id of [UNKNOWN_ID, 'xyz']) {
      const unknown = await h.api.get(url(id)).query({ key: h.admin.key });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(errorBody(404001));
    }
  });
});

describe('POST /api/libraries/datasets/{id}/permissions', () => {
  const post = (id: string, key: string, body: Record<string, unknown>) => h.api.post(url(id)).send({ key, ...body });

  it('set_permissions sets access roles, then the manage and modify roles that are among them (others skipped)', async () => {
    const dataset = await addDataset(h, library.root_folder_id, 'set.txt');
    const res = await post(dataset.id, h.admin.key, { action: 'set_permissions', 'access_ids[]': ['stewards'], 'manage_ids[]': ['stewards', 'viewers'], 'modify_ids[]': ['viewers', 'stewards'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_dataset_roles: ['stewards'], modify_item_roles: ['stewards'], manage_dataset_roles: ['stewards'] });
    expect((await h.api.get(`/api/libraries/datasets/${dataset.id}`).query({ key: steward.key })).status).toBe(200);
    expect((await h.api.get(`/api/libraries/datasets/${dataset.id}`).query({ key: groupSteward.key })).status).toBe(200);
    expect((await h.api.get(`/api/libraries/datasets/${dataset.id}`).query({ key: viewer.key })).status).toBe(404);
  });

  it('set_permissions without access_ids[] makes the dataset public (manage and modify roles, not among access roles, are skipped)', async () => {
    const dataset = await managedDataset();
    const res = await post(dataset.id, h.admin.key, { action: 'set_permissions', 'manage_ids[]': ['stewards'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_dataset_roles: [], modify_item_roles: [], manage_dataset_roles: [] });
    expect((await h.api.get(`/api/libraries/datasets/${dataset.id}`).query({ key: other.key })).status).toBe(200);
  });

  it('reads the form-encoded lists the platform clients send', async () => {
    const dataset = await addDataset(h, library.root_folder_id, 'form.txt');
    const res = await h.api
      .post(url(dataset.id))
      .type('form')
      .send(`key=${h.admin.key}&action=set_permissions&access_ids[]=stewards&access_ids[]=viewers&manage_ids[]=viewers`);
    expect(res.status).toBe(200);
    expect([...res.body.access_dataset_roles].sort()).toEqual(['stewards', 'viewers']);
    expect(res.body.manage_dataset_roles).toEqual(['viewers']);
  });

  it('make_private leaves access to the caller’s private role only', async () => {
    const dataset = await managedDataset();
    const res = await post(dataset.id, groupSteward.key, { action: 'make_private' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_dataset_roles: [groupSteward.email], modify_item_roles: [], manage_dataset_roles: ['stewards'] });
    expect((await h.api.get(`/api/libraries/datasets/${dataset.id}`).query({ key: steward.key })).status).toBe(404);
    const listing = await h.api.get(`/api/folders/${library.root_folder_id}/contents`).query({ key: groupSteward.key });
    expect(listing.body.folder_contents.find((item: { id: string }) => item.id === dataset.id)).toEqual(expect.objectContaining({ is_private: true, is_unrestricted: false }));
  });

  it('remove_restrictions makes the dataset public', async () => {
    const dataset = await managedDataset();
    const res = await post(dataset.id, steward.key, { action: 'remove_restrictions' });
    expect(res.status).toBe(200);
    expect(res.body.access_dataset_roles).toEqual([]);
    expect(res.body.manage_dataset_roles).toEqual(['stewards']);
    expect((await h.api.get(`/api/libraries/datasets/${dataset.id}`)).body.is_unrestricted).toBe(true);
  });

  it("skips access roles a manager may not choose (another user's private role)", async () => {
    const dataset = await managedDataset();
    const res = await post(dataset.id, steward.key, { action: 'set_permissions', 'access_ids[]': ['stewards', other.email, 'vip one'], 'manage_ids[]': ['stewards'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_dataset_roles: ['stewards'], modify_item_roles: [], manage_dataset_roles: ['stewards'] });
  });

  it('requires the action (RequestParameterMissingException) and one of the three (RequestParameterInvalidException)', async () => {
    const dataset = await managedDataset();
    const missing = await post(dataset.id, h.admin.key, { 'access_ids[]': ['stewards'] });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(errorBody(400007));
    const invalid = await post(dataset.id, h.admin.key, { action: 'make_public' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(errorBody(400008));
  });

  it('rejects an unknown role name (RequestParameterInvalidException) and changes nothing', async () => {
    const dataset = await managedDataset();
    const res = await post(dataset.id, h.admin.key, { action: 'set_permissions', 'access_ids[]': ['nobody'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(400008));
    expect((await h.api.get(url(dataset.id)).query({ key: h.admin.key })).body.access_dataset_roles).toEqual(['stewards']);
  });

  it('answers InconsistentDatabase when two roles share the name', async () => {
    const em = h.platform.services.db.orm.em.fork();
    em.create(Role, { name: 'double', description: 'one', type: 'admin' });
    em.create(Role, { name: 'double', description: 'two', type: 'admin' });
    await em.flush();
    const dataset = await managedDataset();
    const res = await post(dataset.id, h.admin.key, { action: 'set_permissions', 'access_ids[]': ['double'] });
    expect(res.status).toBe(500);
    expect(res.body).toEqual(errorBody(500002));
  });

  it('refuses callers without the manage role (InsufficientPermissions), whatever they send', async () => {
    const dataset = await managedDataset();
    for (const body of [{ action: 'remove_restrictions' }, {}]) {
      const res = await post(dataset.id, viewer.key, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(errorBody(403005));
    }
    const anonymous = await h.api.post(url(dataset.id)).send({ action: 'remove_restrictions' });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual(errorBody(403001));
    expect((await h.api.get(url(dataset.id)).query({ key: h.admin.key })).body.access_dataset_roles).toEqual(['stewards']);
  });

  it('answers ObjectNotFound for an unknown dataset', async () => {
    const res = await post(UNKNOWN_ID, h.admin.key, { action: 'remove_restrictions' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody(404001));
  });
});
