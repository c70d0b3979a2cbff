import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let roleId: string;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  const role = await h.api.post('/api/roles').send({ key: h.admin.key, name: 'analysts', description: 'Analysts' });
  roleId = role.body[0].id;
});
afterAll(() => h.close());

const unknownId = 'f7bb1edd6b95db62';

async function createGroup(name: string, extra: Record<string, unknown> = {}) {
  const res = await h.api.post('/api/groups').send({ key: h.admin.key, name, ...extra });
  expect(res.status).toBe(200);
  return res.body[0] as { id: string; name: string };
}

describe('POST /api/groups', () => {
  it('creates a group with users and roles and returns a list with its element', async () => {
    const res = await h.api.post('/api/groups').send({ key: h.admin.key, name: 'lab', user_ids: [alice.id], role_ids: [roleId] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ model_class: 'Group', id: expect.any(String), name: 'lab', url: `/api/groups/${res.body[0].id}` }]);
    const users = await h.api.get(`/api/groups/${res.body[0].id}/users`).query({ key: h.admin.key });
    expect(users.body.map((u: { email: string }) => u.email)).toEqual([alice.email]);
  });

  it('accepts a form post with user_ids as a JSON list', async () => {
    const res = await h.api.post('/api/groups').type('form').send({ key: h.admin.key, name: 'form-lab', user_ids: JSON.stringify([bob.id]) });
    expect(res.status).toBe(200);
    const users = await h.api.get(`/api/groups/${res.body[0].id}/users`).query({ key: h.admin.key });
    expect(users.body.map((u: { email: string }) => u.email)).toEqual([bob.email]);
  });

  it('answers 400 text for an empty name or a name in use', async () => {
    const empty = await h.api.post('/api/groups').send({ key: h.admin.key, name: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toBe('Enter a valid name');
    await createGroup('taken');
    const taken = await h.api.post('/api/groups').send({ key: h.admin.key, name: 'taken' });
    expect(taken.status).toBe(400);
    expect(taken.body).toBe('A group with that name already exists');
  });

  it('answers 400 text for a name given as a list or an object, creating nothing (never the first item)', async () => {
    for (const name of [['listed-lab'], { name: 'listed-lab' }]) {
      const res = await h.api.post('/api/groups').send({ key: h.admin.key, name });
      expect(res.status).toBe(400);
      expect(res.body).toMatch(/^Invalid value for 'name' parameter \( [[{]u'.*listed-lab'[\]}] \) specified\.$/);
    }
    const repeated = await h.api.post('/api/groups?name=listed-lab&name=other').send({ key: h.admin.key });
    expect([repeated.status, repeated.body]).toEqual([400, "Invalid value for 'name' parameter ( [u'listed-lab', u'other'] ) specified."]);
    const list = await h.api.get('/api/groups').query({ key: h.admin.key });
    expect(list.body.map((g: { name: string }) => g.name)).not.toContain('listed-lab');
  });

  it('answers 403 text to a non-administrator', async () => {
    const res = await h.api.post('/api/groups').send({ key: alice.key, name: 'mine' });
    expect(res.status).toBe(403);
    expect(res.body).toBe('You must be an administrator to access this feature.');
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('refuses anonymous callers', async () => {
    expect((await h.api.post('/api/groups').send({ name: 'x' })).status).toBe(403);
  });

  it('creates nothing when a listed user id is malformed or unknown', async () => {
    const malformed = await h.api.post('/api/groups').send({ key: h.admin.key, name: 'half', user_ids: [alice.id, 'bad'] });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toBe('Malformed user id ( bad ) specified, unable to decode.');
    const unknown = await h.api.post('/api/groups').send({ key: h.admin.key, name: 'half', user_ids: [unknownId] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toBe(`Invalid user id ( ${unknownId} ) specified.`);
    const list = await h.api.get('/api/groups').query({ key: h.admin.key });
    expect(list.body.map((g: { name: string }) => g.name)).not.toContain('half');
  });
});

describe('GET /api/groups', () => {
  it('lists non-deleted groups with url', async () => {
    const group = await createGroup('listed');
    const res = await h.api.get('/api/groups').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ model_class: 'Group', id: group.id, name: 'listed', url: `/api/groups/${group.id}` });
  });

  it('is for administrators only', async () => {
    const res = await h.api.get('/api/groups').query({ key: alice.key });
    expect(res.status).toBe(403);
    // The contract marks no "403 text" here: the refusal is the JSON error body.
    expect(res.body).toEqual({ err_msg: 'You must be an administrator to access this feature.', err_code: 403006 });
    expect((await h.api.get('/api/groups')).status).toBe(403);
  });

  it('refuses a bad key or no identity with the JSON body 403001, also on the "text" routes', async () => {
    for (const res of [await h.api.get('/api/groups').query({ key: 'bogus' }), await h.api.post('/api/groups').send({ name: 'x' }), await h.api.get('/api/roles/f2db41e1fa331b3e')]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(expect.objectContaining({ err_code: 403001 }));
    }
  });
});

describe('GET /api/groups/{id}', () => {
  it('shows the element with url, users_url and roles_url', async () => {
    const group = await createGroup('shown');
    const res = await h.api.get(`/api/groups/${group.id}`).query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      model_class: 'Group',
      id: group.id,
      name: 'shown',
      url: `/api/groups/${group.id}`,
      users_url: `/api/groups/${group.id}/users`,
      roles_url: `/api/groups/${group.id}/roles`,
    });
  });

  it('answers 400 text for a malformed or unknown id', async () => {
    const malformed = await h.api.get('/api/groups/xyz').query({ key: h.admin.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toBe('Malformed group id ( xyz ) specified, unable to decode.');
    const unknown = await h.api.get(`/api/groups/${unknownId}`).query({ key: h.admin.key });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toBe(`Invalid group id ( ${unknownId} ) specified.`);
  });

  it('is for administrators only', async () => {
    const group = await createGroup('private-show');
    expect((await h.api.get(`/api/groups/${group.id}`).query({ key: bob.key })).status).toBe(403);
  });
});

describe('PUT /api/groups/{id}', () => {
  it('renames and adds users and roles without removing existing ones', async () => {
    const group = await createGroup('before', { user_ids: [alice.id] });
    const res = await h.api.put(`/api/groups/${group.id}`).send({ key: h.admin.key, name: 'after', user_ids: [bob.id], role_ids: [roleId] });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('after');
    const users = await h.api.get(`/api/groups/${group.id}/users`).query({ key: h.admin.key });
    expect(users.body.map((u: { email: string }) => u.email)).toEqual([alice.email, bob.email]);
    const roles = await h.api.get(`/api/groups/${group.id}/roles`).query({ key: h.admin.key });
    expect(roles.body).toEqual([{ id: roleId, name: 'analysts', url: `/api/groups/${group.id}/roles/${roleId}` }]);
  });

  it('accepts a JSON body sent without a Content-Type header', async () => {
    const group = await createGroup('no-type');
    const res = await h.api
      .put(`/api/groups/${group.id}`)
      .query({ key: h.admin.key })
      .set('Content-Type', '')
      .send(Buffer.from(JSON.stringify({ name: 'typed-later' })));
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('typed-later');
  });

  it('answers 400 text for malformed or unknown ids and for a name in use', async () => {
    expect((await h.api.put('/api/groups/xyz').send({ key: h.admin.key, name: 'n' })).body).toBe('Malformed group id ( xyz ) specified, unable to decode.');
    expect((await h.api.put(`/api/groups/${unknownId}`).send({ key: h.admin.key, name: 'n' })).status).toBe(400);
    const a = await createGroup('first-name');
    await createGroup('second-name');
    const clash = await h.api.put(`/api/groups/${a.id}`).send({ key: h.admin.key, name: 'second-name' });
    expect(clash.status).toBe(400);
    expect(clash.body).toBe('A group with that name already exists');
  });

  it('answers 400 text for a new name given as a list, keeping the name', async () => {
    const group = await createGroup('kept-name');
    const res = await h.api.put(`/api/groups/${group.id}`).send({ key: h.admin.key, name: ['other-name'] });
    expect([res.status, res.body]).toEqual([400, "Invalid value for 'name' parameter ( [u'other-name'] ) specified."]);
    expect((await h.api.get(`/api/groups/${group.id}`).query({ key: h.admin.key })).body.name).toBe('kept-name');
  });

  it('is for administrators only', async () => {
    const group = await createGroup('guarded');
    expect((await h.api.put(`/api/groups/${group.id}`).send({ key: alice.key, name: 'mine' })).status).toBe(403);
  });
});

describe('GET /api/groups/{id}/users', () => {
  it('lists {id, email, url} of the members', async () => {
    const group = await createGroup('members', { user_ids: [alice.id, bob.id] });
    const res = await h.api.get(`/api/groups/${group.id}/users`).query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: alice.id, email: alice.email, url: `/api/groups/${group.id}/users/${alice.id}` },
      { id: bob.id, email: bob.email, url: `/api/groups/${group.id}/users/${bob.id}` },
    ]);
  });

  it('answers 400 text for an unknown group', async () => {
    const res = await h.api.get(`/api/groups/${unknownId}/users`).query({ key: h.admin.key });
    expect(res.status).toBe(400);
    expect(res.body).toBe(`Invalid group id ( ${unknownId} ) specified.`);
  });

  it('is for administrators only', async () => {
    const group = await createGroup('members-guarded');
    expect((await h.api.get(`/api/groups/${group.id}/users`).query({ key: alice.key })).status).toBe(403);
  });
});

describe('GET, PUT, DELETE /api/groups/{id}/users/{user_id}', () => {
  it('adds a user once, shows it, and removes it', async () => {
    const group = await createGroup('membership');
    const path = `/api/groups/${group.id}/users/${alice.id}`;
    const member = { id: alice.id, email: alice.email, url: path };
    expect((await h.api.get(path).query({ key: h.admin.key })).body).toBe(`user ${alice.email} not in group membership`);
    expect((await h.api.put(path).query({ key: h.admin.key })).body).toEqual(member);
    expect((await h.api.put(path).query({ key: h.admin.key })).body).toEqual(member);
    const members = await h.api.get(`/api/groups/${group.id}/users`).query({ key: h.admin.key });
    expect(members.body).toHaveLength(1);
    expect((await h.api.get(path).query({ key: h.admin.key })).body).toEqual(member);
    expect((await h.api.delete(path).query({ key: h.admin.key })).body).toEqual(member);
    const again = await h.api.delete(path).query({ key: h.admin.key });
    expect(again.status).toBe(200);
    expect(again.body).toBe(`user ${alice.email} not in group membership`);
  });

  it('answers the JSON error body for malformed or unknown ids (the contract marks no "400 text" here)', async () => {
    const group = await createGroup('membership-ids');
    expect((await h.api.put(`/api/groups/${group.id}/users/bad`).query({ key: h.admin.key })).body).toEqual({
      err_msg: 'Malformed user id ( bad ) specified, unable to decode.',
      err_code: 400009,
      id: 'bad',
    });
    expect((await h.api.get(`/api/groups/${group.id}/users/${unknownId}`).query({ key: h.admin.key })).status).toBe(400);
    expect((await h.api.delete(`/api/groups/bad/users/${alice.id}`).query({ key: h.admin.key })).status).toBe(400);
  });

  it('is for administrators only', async () => {
    const group = await createGroup('membership-guarded');
    const path = `/api/groups/${group.id}/users/${alice.id}`;
    for (const method of ['get', 'put', 'delete'] as const) {
      const res = await h.api[method](path).query({ key: alice.key });
      expect(res.status).toBe(403);
    }
  });
});

describe('GET /api/groups/{id}/roles and GET, PUT, DELETE /api/groups/{id}/roles/{role_id}', () => {
  it('adds, shows, lists and removes roles with {id, name, url}', async () => {
    const group = await createGroup('role-holder');
    const path = `/api/groups/${group.id}/roles/${roleId}`;
    const member = { id: roleId, name: 'analysts', url: path };
    expect((await h.api.get(path).query({ key: h.admin.key })).body).toBe('role analysts not in group role-holder');
    expect((await h.api.put(path).query({ key: h.admin.key })).body).toEqual(member);
    expect((await h.api.get(`/api/groups/${group.id}/roles`).query({ key: h.admin.key })).body).toEqual([member]);
    expect((await h.api.get(path).query({ key: h.admin.key })).body).toEqual(member);
    expect((await h.api.delete(path).query({ key: h.admin.key })).body).toEqual(member);
    expect((await h.api.get(`/api/groups/${group.id}/roles`).query({ key: h.admin.key })).body).toEqual([]);
  });

  it('answers the JSON error body for malformed or unknown role ids', async () => {
    const group = await createGroup('role-ids');
    expect((await h.api.put(`/api/groups/${group.id}/roles/bad`).query({ key: h.admin.key })).body).toEqual(
      expect.objectContaining({ err_msg: 'Malformed role id ( bad ) specified, unable to decode.', err_code: 400009 }),
    );
    const unknown = await h.api.put(`/api/groups/${group.id}/roles/${unknownId}`).query({ key: h.admin.key });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(expect.objectContaining({ err_msg: `Invalid role id ( ${unknownId} ) specified.` }));
  });

  it('is for administrators only', async () => {
    const group = await createGroup('roles-guarded');
    expect((await h.api.get(`/api/groups/${group.id}/roles`).query({ key: bob.key })).status).toBe(403);
    expect((await h.api.put(`/api/groups/${group.id}/roles/${roleId}`).query({ key: bob.key })).status).toBe(403);
    expect((await h.api.get(`/api/groups/${group.id}/roles`)).status).toBe(403);
  });
});
