import { createGroup, createLibrary, createRole, errorBody, type LibraryRef, type Named, setLibraryRoles, UNKNOWN_ID } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * The library routes around the contract (platform-facts §10): list, create, show, update, delete,
 * and the library's access/add/manage/modify roles. A restricted library is invisible (ObjectNotFound)
 * to callers without one of its access roles.
 */

let h: TestPlatform;
let holder: TestUser; // holds the "readers" role directly
let member: TestUser; // holds "readers" through the group "lab"
let other: TestUser;
let readers: Named;
let publicLibrary: LibraryRef;
let restricted: LibraryRef;

beforeAll(async () => {
  h = await startTestPlatform();
  holder = await h.newUser('holder');
  member = await h.newUser('member');
  other = await h.newUser('other');
  const lab = await createGroup(h, 'lab', { users: [member] });
  readers = await createRole(h, 'readers', { users: [holder], groupIds: [lab.id] });
  publicLibrary = await createLibrary(h, 'Public data', { description: 'for all', synopsis: 'open' });
  restricted = await createLibrary(h, 'Restricted data');
  await setLibraryRoles(h, restricted.id, { access: [readers.id] });
});
afterAll(() => h.close());

const names = (body: Array<{ name: string }>) => body.map((library) => library.name);

describe('GET /api/libraries', () => {
  it('lists every library for an administrator; only public ones carry public: true', async () => {
    const res = await h.api.get('/api/libraries').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Public data', 'Restricted data']);
    const [open, closed] = res.body;
    expect(open).toEqual(
      expect.objectContaining({
        model_class: 'Library',
        id: publicLibrary.id,
        name: 'Public data',
        description: 'for all',
        synopsis: 'open',
        root_folder_id: publicLibrary.root_folder_id,
        deleted: false,
        public: true,
        can_user_add: true,
        can_user_modify: true,
        can_user_manage: true,
      }),
    );
    expect(open.create_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    expect(closed).not.toHaveProperty('public');
  });

  it('shows a restricted library to holders of an access role, directly or through a group, and hides it from others', async () => {
    for (const user of [holder, member]) {
      const res = await h.api.get('/api/libraries').query({ key: user.key });
      expect(names(res.body)).toEqual(['Public data', 'Restricted data']);
      expect(res.body[1]).toEqual(expect.objectContaining({ can_user_add: false, can_user_modify: false, can_user_manage: false }));
    }
    expect(names((await h.api.get('/api/libraries').query({ key: other.key })).body)).toEqual(['Public data']);
  });

  it('answers anonymous callers (no key, no cookie) with the public libraries', async () => {
    const res = await h.api.get('/api/libraries');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Public data']);
  });
});

describe('POST /api/libraries', () => {
  it('creates a library with its root folder (F-prefixed id) for an administrator', async () => {
    const res = await h.api.post('/api/libraries').send({ key: h.admin.key, name: 'Fresh', description: 'desc', synopsis: 'syn' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ name: 'Fresh', description: 'desc', synopsis: 'syn', deleted: false, id: expect.stringMatching(/^[0-9a-f]{16}$/) }));
    expect(res.body.root_folder_id).toMatch(/^F[0-9a-f]{16}$/);
    const root = await h.api.get(`/api/folders/${res.body.root_folder_id}`).query({ key: h.admin.key });
    expect(root.body).toEqual(expect.objectContaining({ name: 'Fresh', parent_id: null, parent_library_id: res.body.id }));
  });

  it('accepts the master API key as an administrator', async () => {
    const res = await h.api.post('/api/libraries').query({ key: h.masterKey }).send({ name: 'By master key' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('By master key');
  });

  it('accepts the form-encoded post of the platform clients', async () => {
    const res = await h.api.post('/api/libraries').type('form').send(`key=${h.admin.key}&name=Formed`);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Formed');
  });

  it('requires a name (RequestParameterMissingException)', async () => {
    const res = await h.api.post('/api/libraries').send({ key: h.admin.key, description: 'nameless' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(400007));
  });

  it('is for administrators only', async () => {
    const res = await h.api.post('/api/libraries').send({ key: holder.key, name: 'Mine' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403006));
    const anonymous = await h.api.post('/api/libraries').send({ name: 'Mine' });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual(errorBody(403001));
  });
});

describe('GET /api/libraries/{id}', () => {
  it('shows a library to those who may access it', async () => {
    for (const key of [h.admin.key, holder.key, member.key]) {
      const res = await h.api.get(`/api/libraries/${restricted.id}`).query({ key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expect.objectContaining({ id: restricted.id, name: 'Restricted data', root_folder_id: restricted.root_folder_id }));
    }
    const anonymous = await h.api.get(`/api/libraries/${publicLibrary.id}`);
    expect(anonymous.status).toBe(200);
  });

  it('answers ObjectNotFound for a restricted library to others, exactly as for an unknown id', async () => {
    const hidden = await h.api.get(`/api/libraries/${restricted.id}`).query({ key: other.key });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(errorBody(404001));
    expect((await h.api.get(`/api/libraries/${restricted.id}`)).status).toBe(404);
    const unknown = await h.api.get(`/api/libraries/${UNKNOWN_ID}`).query({ key: h.admin.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody(404001));
  });

  it('answers MalformedId for an id that cannot be decoded', async () => {
    const res = await h.api.get('/api/libraries/1234567890123456').query({ key: h.admin.key });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(400009));
  });
});

describe('PATCH /api/libraries/{id}', () => {
  it('renames a library and its root folder (administrators)', async () => {
    const library = await createLibrary(h, 'Old name');
    const res = await h.api.patch(`/api/libraries/${library.id}`).send({ key: h.admin.key, name: 'New name', synopsis: 'changed' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ name: 'New name', synopsis: 'changed' }));
    const root = await h.api.get(`/api/folders/${library.root_folder_id}`).query({ key: h.admin.key });
    expect(root.body.name).toBe('New name');
  });

  it('is refused to non-administrators', async () => {
    const res = await h.api.patch(`/api/libraries/${publicLibrary.id}`).send({ key: holder.key, name: 'Hijacked' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403006));
  });
});

describe('DELETE /api/libraries/{id}', () => {
  it('marks a library deleted (hidden from the list and from users) and undeletes it', async () => {
    const library = await createLibrary(h, 'Short lived');
    const deleted = await h.api.delete(`/api/libraries/${library.id}`).query({ key: h.admin.key });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(true);
    expect(names((await h.api.get('/api/libraries').query({ key: h.admin.key, deleted: 'false' })).body)).not.toContain('Short lived');
    expect(names((await h.api.get('/api/libraries').query({ key: h.admin.key, deleted: 'true' })).body)).toEqual(['Short lived']);
    // As on the platform, an absent or unparsable `deleted` does not filter for administrators...
    expect(names((await h.api.get('/api/libraries').query({ key: h.admin.key })).body)).toContain('Short lived');
    expect(names((await h.api.get('/api/libraries').query({ key: h.admin.key, deleted: 'maybe' })).body)).toContain('Short lived');
    // ...and other callers never see deleted libraries, whatever they ask.
    const asked = names((await h.api.get('/api/libraries').query({ key: other.key, deleted: 'true' })).body);
    expect(asked).not.toContain('Short lived');
    expect(asked.length).toBeGreaterThan(0);
    expect((await h.api.get(`/api/libraries/${library.id}`).query({ key: other.key })).status).toBe(404);
    const restored = await h.api.delete(`/api/libraries/${library.id}`).query({ key: h.admin.key, undelete: 'true' });
    expect(restored.status).toBe(200);
    expect(restored.body.deleted).toBe(false);
    expect((await h.api.get(`/api/libraries/${library.id}`).query({ key: other.key })).status).toBe(200);
  });

  it('is refused to non-administrators', async () => {
    const res = await h.api.delete(`/api/libraries/${publicLibrary.id}`).query({ key: holder.key });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403006));
  });
});

describe('GET /api/libraries/{id}/permissions', () => {
  it('lists the current roles of each kind as [name, id] pairs', async () => {
    const res = await h.api.get(`/api/libraries/${restricted.id}/permissions`).query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_library_role_list: [['readers', readers.id]],
      add_library_item_role_list: [],
      manage_library_role_list: [],
      modify_library_role_list: [],
    });
  });

  it('pages the roles one may choose (scope available)', async () => {
    const res = await h.api.get(`/api/libraries/${publicLibrary.id}/permissions`).query({ key: h.admin.key, scope: 'available', page_limit: 2, q: 'rea' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ roles: [{ id: readers.id, name: 'readers', type: 'admin' }], page: 1, page_limit: 2, total: 1 });
  });

  it('is open to holders of a manage role, refused to others, and rejects an unknown scope', async () => {
    const managers = await createRole(h, 'library managers', { users: [holder] });
    const library = await createLibrary(h, 'Managed');
    await setLibraryRoles(h, library.id, { manage: [managers.name] });
    expect((await h.api.get(`/api/libraries/${library.id}/permissions`).query({ key: holder.key })).status).toBe(200);
    const refused = await h.api.get(`/api/libraries/${library.id}/permissions`).query({ key: other.key });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorBody(403005));
    const scope = await h.api.get(`/api/libraries/${library.id}/permissions`).query({ key: h.admin.key, scope: 'everything' });
    expect(scope.status).toBe(400);
    expect(scope.body).toEqual(errorBody(400008));
    expect((await h.api.get(`/api/libraries/${library.id}/permissions`)).status).toBe(403);
  });
});

describe('POST /api/libraries/{id}/permissions', () => {
  it('sets access, add, manage and modify roles from role ids or names; the root folder takes add/manage/modify', async () => {
    const library = await createLibrary(h, 'Permissions');
    const body = await setLibraryRoles(h, library.id, { access: [readers.id], add: ['readers'], manage: [readers.name], modify: [readers.id] });
    const pair = [['readers', readers.id]];
    expect(body).toEqual({ access_library_role_list: pair, add_library_item_role_list: pair, manage_library_role_list: pair, modify_library_role_list: pair });
    const root = await h.api.get(`/api/folders/${library.root_folder_id}/permissions`).query({ key: h.admin.key });
    expect(root.body).toEqual({ modify_folder_role_list: pair, manage_folder_role_list: pair, add_library_item_role_list: pair });
  });

  it('reads form-encoded access_ids[] lists', async () => {
    const library = await createLibrary(h, 'Form permissions');
    const res = await h.api.post(`/api/libraries/${library.id}/permissions`).type('form').send(`key=${h.admin.key}&action=set_permissions&access_ids[]=${readers.id}`);
    expect(res.status).toBe(200);
    expect(res.body.access_library_role_list).toEqual([['readers', readers.id]]);
    expect((await h.api.get(`/api/libraries/${library.id}`).query({ key: other.key })).status).toBe(404);
  });

  it('remove_restrictions makes the library public again', async () => {
    const library = await createLibrary(h, 'Reopened');
    await setLibraryRoles(h, library.id, { access: [readers.id] });
    const res = await h.api.post(`/api/libraries/${library.id}/permissions`).send({ key: h.admin.key, action: 'remove_restrictions' });
    expect(res.status).toBe(200);
    expect(res.body.access_library_role_list).toEqual([]);
    expect((await h.api.get(`/api/libraries/${library.id}`).query({ key: other.key })).status).toBe(200);
  });

  it('rejects a missing or unknown action, and an unknown role', async () => {
    const missing = await h.api.post(`/api/libraries/${publicLibrary.id}/permissions`).send({ key: h.admin.key });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(errorBody(400007));
    const invalid = await h.api.post(`/api/libraries/${publicLibrary.id}/permissions`).send({ key: h.admin.key, action: 'make_private' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(errorBody(400008));
    const unknown = await h.api.post(`/api/libraries/${publicLibrary.id}/permissions`).send({ key: h.admin.key, action: 'set_permissions', 'access_ids[]': ['no such role'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(errorBody(400008));
    const check = await h.api.get(`/api/libraries/${publicLibrary.id}/permissions`).query({ key: h.admin.key });
    expect(check.body.access_library_role_list).toEqual([]);
  });

  it('accepts the older LIBRARY_*_in form of platform clients (role ids) and answers with the library', async () => {
    const library = await createLibrary(h, 'Legacy form');
    const res = await h.api
      .post(`/api/libraries/${library.id}/permissions`)
      .send({ key: h.admin.key, LIBRARY_ACCESS_in: [readers.id], LIBRARY_ADD_in: [readers.id], LIBRARY_MODIFY_in: [], LIBRARY_MANAGE_in: [] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ model_class: 'Library', id: library.id, name: 'Legacy form', root_folder_id: library.root_folder_id }));
    expect(res.body).not.toHaveProperty('public');
    const current = await h.api.get(`/api/libraries/${library.id}/permissions`).query({ key: h.admin.key });
    expect(current.body).toEqual(expect.objectContaining({ access_library_role_list: [['readers', readers.id]], add_library_item_role_list: [['readers', readers.id]], manage_library_role_list: [] }));
    const form = await h.api.post(`/api/libraries/${library.id}/permissions`).type('form').send(`key=${h.admin.key}&LIBRARY_ACCESS_in=${encodeURIComponent(JSON.stringify([]))}`);
    expect(form.status).toBe(200);
    expect(form.body.public).toBe(true);
  });

  it('is refused to callers without the manage role', async () => {
    const res = await h.api.post(`/api/libraries/${publicLibrary.id}/permissions`).send({ key: other.key, action: 'set_permissions', 'access_ids[]': [readers.id] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody(403005));
  });
});
