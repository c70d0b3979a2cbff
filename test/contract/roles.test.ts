import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
});
afterAll(() => h.close());

const unknownId = 'f7bb1edd6b95db62';

interface RoleItem {
  id: string;
  name: string;
  type: string;
}

const names = (roles: RoleItem[]) => roles.map((role) => role.name);

describe('POST /api/roles', () => {
  it('creates an admin-type role with its users and groups and returns a list with one element', async () => {
    const group = await h.api.post('/api/groups').send({ key: h.admin.key, name: 'readers' });
    const res = await h.api
      .post('/api/roles')
      .send({ key: h.admin.key, name: 'curators', description: 'Curate libraries', user_ids: [alice.id], group_ids: [group.body[0].id] });
    expect(res.status).toBe(200);
    const [role] = res.body;
    expect(res.body).toEqual([{ model_class: 'Role', id: role.id, name: 'curators', description: 'Curate libraries', type: 'admin', url: `/api/roles/${role.id}` }]);
    const groupRoles = await h.api.get(`/api/groups/${group.body[0].id}/roles`).query({ key: h.admin.key });
    expect(groupRoles.body.map((r: RoleItem) => r.id)).toEqual([role.id]);
  });

  it('answers 400 text when the name or description is empty, or the name exists', async () => {
    const noDescription = await h.api.post('/api/roles').send({ key: h.admin.key, name: 'x' });
    expect(noDescription.status).toBe(400);
    expect(noDescription.body).toBe('Enter a valid name and a description');
    await h.api.post('/api/roles').send({ key: h.admin.key, name: 'dup', description: 'd' });
    const duplicate = await h.api.post('/api/roles').send({ key: h.admin.key, name: 'dup', description: 'd' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toBe('A role with that name already exists');
  });

  it('answers 400 text for a name or description given as a list, creating nothing', async () => {
    const name = await h.api.post('/api/roles').send({ key: h.admin.key, name: ['listed-role'], description: 'd' });
    expect([name.status, name.body]).toEqual([400, "Invalid value for 'name' parameter ( [u'listed-role'] ) specified."]);
    const description = await h.api.post('/api/roles').send({ key: h.admin.key, name: 'listed-role', description: ['d', 'e'] });
    expect([description.status, description.body]).toEqual([400, "Invalid value for 'description' parameter ( [u'd', u'e'] ) specified."]);
    const all = await h.api.get('/api/roles').query({ key: h.admin.key });
    expect(names(all.body)).not.toContain('listed-role');
  });

  it('answers 403 text to a non-administrator', async () => {
    const res = await h.api.post('/api/roles').send({ key: alice.key, name: 'mine', description: 'mine' });
    expect(res.status).toBe(403);
    expect(res.body).toBe('You are not authorized to create a new role.');
  });

  it('answers 400 text for a malformed group id and creates nothing', async () => {
    const res = await h.api.post('/api/roles').send({ key: h.admin.key, name: 'half-made', description: 'd', group_ids: ['zz'] });
    expect(res.status).toBe(400);
    expect(res.body).toBe('Malformed group id ( zz ) specified, unable to decode.');
    const all = await h.api.get('/api/roles').query({ key: h.admin.key });
    expect(names(all.body)).not.toContain('half-made');
  });

  it('refuses anonymous callers', async () => {
    expect((await h.api.post('/api/roles').send({ name: 'x', description: 'y' })).status).toBe(403);
  });
});

describe('GET /api/roles', () => {
  it('shows an administrator every role, private ones included', async () => {
    const res = await h.api.get('/api/roles').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(expect.arrayContaining([alice.email, bob.email, 'curators']));
    expect(res.body[0]).toEqual(expect.objectContaining({ model_class: 'Role', url: `/api/roles/${res.body[0].id}` }));
  });

  it("hides other users' private roles from a plain user but shows their own", async () => {
    const res = await h.api.get('/api/roles').query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(names(res.body)).toContain(alice.email);
    expect(names(res.body)).toContain('curators');
    expect(names(res.body)).not.toContain(bob.email);
    expect(names(res.body)).not.toContain(h.admin.email);
  });

  it("keeps another user's private role hidden when it reaches the caller through a group", async () => {
    const all = await h.api.get('/api/roles').query({ key: h.admin.key });
    const bobs = all.body.find((r: RoleItem) => r.name === bob.email);
    const group = await h.api.post('/api/groups').send({ key: h.admin.key, name: 'shares bob', user_ids: [alice.id], role_ids: [bobs.id] });
    expect(group.status).toBe(200);
    expect(names((await h.api.get('/api/roles').query({ key: alice.key })).body)).not.toContain(bob.email);
    expect((await h.api.get(`/api/roles/${bobs.id}`).query({ key: alice.key })).status).toBe(400);
  });

  it('refuses anonymous callers', async () => {
    const res = await h.api.get('/api/roles');
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403001);
  });
});

describe('GET /api/roles/{id}', () => {
  it('shows a visible role with url', async () => {
    const roles = await h.api.get('/api/roles').query({ key: alice.key });
    const own = roles.body.find((r: RoleItem) => r.name === alice.email);
    const res = await h.api.get(`/api/roles/${own.id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ model_class: 'Role', id: own.id, name: alice.email, description: `Private Role for ${alice.email}`, type: 'private', url: `/api/roles/${own.id}` });
  });

  it("answers 400 text for another user's private role, as for an unknown one", async () => {
    const all = await h.api.get('/api/roles').query({ key: h.admin.key });
    const bobs = all.body.find((r: RoleItem) => r.name === bob.email);
    const res = await h.api.get(`/api/roles/${bobs.id}`).query({ key: alice.key });
    expect(res.status).toBe(400);
    expect(res.body).toBe(`Invalid role id ( ${bobs.id} ) specified.`);
    const unknown = await h.api.get(`/api/roles/${unknownId}`).query({ key: alice.key });
    expect(unknown.body).toBe(`Invalid role id ( ${unknownId} ) specified.`);
  });

  it('answers 400 text for a malformed id', async () => {
    const res = await h.api.get('/api/roles/not-hex').query({ key: alice.key });
    expect(res.status).toBe(400);
    expect(res.body).toBe('Malformed role id ( not-hex ) specified, unable to decode.');
  });

  it('refuses anonymous callers', async () => {
    expect((await h.api.get(`/api/roles/${unknownId}`)).status).toBe(403);
  });
});
