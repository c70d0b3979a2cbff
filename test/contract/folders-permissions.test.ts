import { Role } from '../../src/entities/role.entity';
import { createFolder, createGroup, createLibrary, createRole, errorBody, type LibraryRef, type Named, setFolderRoles, UNKNOWN_FOLDER_ID } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * GET and POST /api/folders/{id}/permissions: the add, manage and modify roles of a folder, for
 * administrators and holders of the folder's manage role. Roles are named by their names.
 */

let h: TestPlatform;
let manager: TestUser; // holds "folder managers" directly
let groupManager: TestUser; // holds "folder managers" through the group "stewards"
let other: TestUser;
let managers: Named;
let curators: Named;
let writers: Named;
let library: LibraryRef;
let folder: Named;

beforeAll(async () => {
  h = await startTestPlatform();
  manager = await h.newUser('manager');
  groupManager = await h.newUser('groupmanager');
  other = await h.newUser('other');
  const stewards = await createGroup(h, 'stewards', { users: [groupManager] });
  managers = await createRole(h, 'folder managers', { users: [manager], groupIds: [stewards.id] });
  curators = await createRole(h, 'curators', { users: [other] });
  writers = await createRole(h, 'writers');
  for (const name of ['folk one', 'folk two', 'folk three', 'zeta one', 'zeta two']) await createRole(h, name);
  library = await createLibrary(h, 'Shared');
  folder = await createFolder(h, library.root_folder_id, 'projects');
  await setFolderRoles(h, folder.id, { add: [writers.name], manage: [managers.name], modify: [curators.name, writers.name] });
});
afterAll(() => h.close());

const url = (id: string) => `/api/folders/${id}/permissions`;

describe('GET /api/folders/{id}/permissions', () => {
  it('scope current (the default) lists [name, id] pairs per permission type', async () => {
    for (const query of [{}, { scope: 'current' }]) {
      const res = await h.api.get(url(folder.id)).query({ key: h.admin.key, ...query });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        modify_folder_role_list: [
          ['curators', curators.id],
          ['writers', writers.id],
        ],
        manage_folder_role_list: [['folder managers', managers.id]],
        add_library_item_role_list: [['writers', writers.id]],
      });
    }
  });

  it('a folder with no roles lists empty lists', async () => {
    const res = await h.api.get(url(library.root_folder_id)).query({ key: h.admin.key });
    expect(res.body).toEqual({ modify_folder_role_list: [], manage_folder_role_list: [], add_library_item_role_list: [] });
  });

  it('scope available pages the roles by name, filtered by the q prefix, with the total', async () => {
    const first = await h.api.get(url(folder.id)).query({ key: h.admin.key, scope: 'available', q: 'folk', page_limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      roles: [
        { id: expect.any(String), name: 'folk one', type: 'admin' },
        { id: expect.any(String), name: 'folk three', type: 'admin' },
      ],
      page: 1,
      page_limit: 2,
      total: 3,
    });
    const second = await h.api.get(url(folder.id)).query({ key: h.admin.key, scope: 'available', q: 'folk', page_limit: '2', page: '2' });
    expect(second.body).toEqual({ roles: [{ id: expect.any(String), name: 'folk two', type: 'admin' }], page: 2, page_limit: 2, total: 3 });
    const far = await h.api.get(url(folder.id)).query({ key: h.admin.key, scope: 'available', q: 'folk', page: '99999999999999999999' });
    expect(far.status).toBe(200);
    expect(far.body.roles).toEqual([]);
  });

  it('scope available defaults to page 1 and 10 roles a page; ids are encoded role ids', async () => {
    const res = await h.api.get(url(folder.id)).query({ key: h.admin.key, scope: 'available' });
    expect(res.body.page).toBe(1);
    expect(res.body.page_limit).toBe(10);
    expect(res.body.roles).toHaveLength(10);
    // four users' private roles and eight created roles
    expect(res.body.total).toBe(12);
    expect(res.body.roles).toContainEqual({ id: managers.id, name: 'folder managers', type: 'admin' });
    const names = res.body.roles.map((role: Named) => role.name);
    expect(names).toEqual([...names].sort());
  });

  it("shows a manager the shared roles and their own private role, not other users' private roles", async () => {
    const res = await h.api.get(url(folder.id)).query({ key: manager.key, scope: 'available', page_limit: 100 });
    expect(res.status).toBe(200);
    const names = res.body.roles.map((role: Named) => role.name);
    expect(names).toEqual(expect.arrayContaining(['curators', 'folder managers', 'writers', manager.email]));
    expect(names).not.toContain(other.email);
    expect(res.body.total).toBe(names.length);
  });

  it('is open to holders of the manage role, directly or through a group', async () => {
    for (const user of [manager, groupManager]) {
      const res = await h.api.get(url(folder.id)).query({ key: user.key });
      expect(res.status).toBe(200);
      expect(res.body.manage_folder_role_list).toEqual([['folder managers', managers.id]]);
    }
  });

  it('refuses callers without the manage role (InsufficientPermissions), also holders of add or modify roles', async () => {
    const res = await h.api.get(url(folder.id)).query({ key: other.key });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403005));
    const anonymous = await h.api.get(url(folder.id));
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual(errorBody(403001));
  });

  it('rejects a scope other than current or available (RequestParameterInvalidException)', async () => {
    const res = await h.api.get(url(folder.id)).query({ key: h.admin.key, scope: 'all' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(400008));
  });

  it('answers MalformedId and ObjectNotFound', async () => {
    expect((await h.api.get(url(folder.id.slice(1))).query({ key: h.admin.key })).body).toEqual(errorBody(400009));
    const unknown = await h.api.get(url(UNKNOWN_FOLDER_ID)).query({ key: h.admin.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody(404001));
  });
});

describe('POST /api/folders/{id}/permissions', () => {
  it('set_permissions replaces the add, manage and modify roles and returns the current roles', async () => {
    const target = await createFolder(h, library.root_folder_id, 'target');
    const res = await h.api
      .post(url(target.id))
      .send({ key: h.admin.key, action: 'set_permissions', 'add_ids[]': ['curators'], 'manage_ids[]': ['writers', 'curators'], 'modify_ids[]': 'writers' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      modify_folder_role_list: [['writers', writers.id]],
      manage_folder_role_list: expect.arrayContaining([
        ['writers', writers.id],
        ['curators', curators.id],
      ]),
      add_library_item_role_list: [['curators', curators.id]],
    });
    const cleared = await h.api.post(url(target.id)).send({ key: h.admin.key, action: 'set_permissions' });
    expect(cleared.body).toEqual({ modify_folder_role_list: [], manage_folder_role_list: [], add_library_item_role_list: [] });
  });

  it('reads the form-encoded lists the platform clients send', async () => {
    const target = await createFolder(h, library.root_folder_id, 'form target');
    const res = await h.api
      .post(url(target.id))
      .type('form')
      .send(`key=${h.admin.key}&action=set_permissions&add_ids[]=curators&add_ids[]=writers&manage_ids[]=${encodeURIComponent('folder managers')}`);
    expect(res.status).toBe(200);
    expect(res.body.add_library_item_role_list.map((pair: string[]) => pair[0]).sort()).toEqual(['curators', 'writers']);
    expect(res.body.manage_folder_role_list).toEqual([['folder managers', managers.id]]);
  });

  it('the roles take effect: an add role lets its holder create folders', async () => {
    const target = await createFolder(h, library.root_folder_id, 'open for curators');
    expect((await h.api.post(`/api/folders/${target.id}`).send({ key: other.key, name: 'early' })).status).toBe(403);
    await setFolderRoles(h, target.id, { add: ['curators'] });
    expect((await h.api.post(`/api/folders/${target.id}`).send({ key: other.key, name: 'welcome' })).status).toBe(200);
  });

  it('lets a manager (directly or through a group) set the roles', async () => {
    for (const user of [manager, groupManager]) {
      const target = await createFolder(h, library.root_folder_id, `managed by ${user.username}`);
      await setFolderRoles(h, target.id, { manage: [managers.name] });
      const res = await h.api.post(url(target.id)).send({ key: user.key, action: 'set_permissions', 'add_ids[]': ['writers'], 'manage_ids[]': [managers.name] });
      expect(res.status).toBe(200);
      expect(res.body.add_library_item_role_list).toEqual([['writers', writers.id]]);
    }
  });

  it("skips a role that is not valid for the folder (another user's private role, for a manager)", async () => {
    const target = await createFolder(h, library.root_folder_id, 'skipping');
    await setFolderRoles(h, target.id, { manage: [managers.name] });
    const res = await h.api.post(url(target.id)).send({ key: manager.key, action: 'set_permissions', 'add_ids[]': [other.email, 'writers', manager.email], 'manage_ids[]': [managers.name] });
    expect(res.status).toBe(200);
    expect(res.body.add_library_item_role_list.map((pair: string[]) => pair[0]).sort()).toEqual([manager.email, 'writers'].sort());
  });

  it('skips a deleted role, also for an administrator', async () => {
    const retired = await createRole(h, 'retired');
    const em = h.platform.services.db.orm.em.fork();
    await em.nativeUpdate(Role, { id: h.platform.services.ids.decode(retired.id) }, { deleted: true });
    const target = await createFolder(h, library.root_folder_id, 'no retired roles');
    const res = await h.api.post(url(target.id)).send({ key: h.admin.key, action: 'set_permissions', 'add_ids[]': ['retired', 'writers'] });
    expect(res.status).toBe(200);
    expect(res.body.add_library_item_role_list).toEqual([['writers', writers.id]]);
  });

  it('requires the action (RequestParameterMissingException) and accepts only set_permissions (RequestParameterInvalidException)', async () => {
    const missing = await h.api.post(url(folder.id)).send({ key: h.admin.key, 'add_ids[]': ['writers'] });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(errorBody(400007));
    const invalid = await h.api.post(url(folder.id)).send({ key: h.admin.key, action: 'remove_restrictions' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(errorBody(400008));
  });

  it('rejects an unknown role name (RequestParameterInvalidException) and changes nothing', async () => {
    const res = await h.api.post(url(folder.id)).send({ key: h.admin.key, action: 'set_permissions', 'add_ids[]': ['writers'], 'modify_ids[]': ['nobody has this name'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(400008));
    const current = await h.api.get(url(folder.id)).query({ key: h.admin.key });
    expect(current.body.modify_folder_role_list).toHaveLength(2);
  });

  it('answers InconsistentDatabase when two roles share the name', async () => {
    const em = h.platform.services.db.orm.em.fork();
    em.create(Role, { name: 'twin', description: 'first', type: 'admin' });
    em.create(Role, { name: 'twin', description: 'second', type: 'admin' });
    await em.flush();
    const res = await h.api.post(url(folder.id)).send({ key: h.admin.key, action: 'set_permissions', 'manage_ids[]': ['twin'] });
    expect(res.status).toBe(500);
    expect(res.body).toEqual(errorBody(500002));
  });

  it('refuses callers without the manage role, whatever they send', async () => {
    const res = await h.api.post(url(folder.id)).send({ key: other.key, action: 'set_permissions', 'manage_ids[]': ['curators'] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403005));
    const noAction = await h.api.post(url(folder.id)).send({ key: other.key });
    expect(noAction.status).toBe(403);
    expect(noAction.body).toEqual(errorBody(403005));
    const anonymous = await h.api.post(url(folder.id)).send({ action: 'set_permissions' });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual(errorBody(403001));
  });

  it('answers MalformedId and ObjectNotFound', async () => {
    expect((await h.api.post(url('Fnothex')).send({ key: h.admin.key, action: 'set_permissions' })).body).toEqual(errorBody(400009));
    expect((await h.api.post(url(UNKNOWN_FOLDER_ID)).send({ key: h.admin.key, action: 'set_permissions' })).status).toBe(404);
  });
});
