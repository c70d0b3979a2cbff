import { User } from '../../src/entities/user.entity';
import { ADMIN_EMAIL, startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
});
afterAll(() => h.close());

const unknownUserId = 'f7bb1edd6b95db62'; // id 42 under the default secret: well formed, no such user

async function markDeleted(email: string): Promise<void> {
  await h.platform.services.db.orm.em.fork().nativeUpdate(User, { email }, { deleted: true });
}

describe('GET /api/users', () => {
  it('lists every user with email and username for an administrator', async () => {
    const res = await h.api.get('/api/users').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { email: string }) => u.email)).toEqual([ADMIN_EMAIL, alice.email, bob.email]);
    expect(res.body[1]).toEqual({ model_class: 'User', id: alice.id, email: alice.email, username: 'alice' });
  });

  it('gives a plain user only their own record when nothing is exposed', async () => {
    const res = await h.api.get('/api/users').query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ model_class: 'User', id: alice.id, email: alice.email, username: 'alice' }]);
  });

  it('filters by an email substring (f_email)', async () => {
    const res = await h.api.get('/api/users').query({ key: h.admin.key, f_email: 'bo' });
    expect(res.body.map((u: { email: string }) => u.email)).toEqual([bob.email]);
  });

  it('lets the master key list users (an administrator with no user)', async () => {
    const res = await h.api.get('/api/users').query({ key: h.masterKey });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
  });

  it('refuses anonymous callers with 403001', async () => {
    const res = await h.api.get('/api/users');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ err_msg: 'API authentication required for this request', err_code: 403001 });
  });

  it('refuses an unknown API key', async () => {
    const res = await h.api.get('/api/users').query({ key: 'not-a-key' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ err_msg: 'Provided API key is not valid.', err_code: 403001 });
  });
});

describe('GET /api/users/deleted', () => {
  it('returns an empty list to a non-administrator', async () => {
    const res = await h.api.get('/api/users/deleted').query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('lists only deleted users to an administrator', async () => {
    const carol = await h.newUser('carol');
    await markDeleted(carol.email);
    const res = await h.api.get('/api/users/deleted').query({ key: h.admin.key });
    expect(res.body.map((u: { email: string }) => u.email)).toEqual([carol.email]);
    const viaFlag = await h.api.get('/api/users').query({ key: h.admin.key, deleted: 'true' });
    expect(viaFlag.body).toEqual(res.body);
  });

  it('refuses anonymous callers', async () => {
    expect((await h.api.get('/api/users/deleted')).status).toBe(403);
  });
});

describe('GET /api/users/{id}', () => {
  it('shows the caller their own record with tags_used, quota_percent and is_admin', async () => {
    const res = await h.api.get(`/api/users/${alice.id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      model_class: 'User',
      id: alice.id,
      email: alice.email,
      username: 'alice',
      total_disk_usage: 0,
      nice_total_disk_usage: '0 bytes',
      tags_used: [],
      quota_percent: null,
      is_admin: false,
    });
  });

  it("lets an administrator see anyone (is_admin is the caller's status)", async () => {
    const res = await h.api.get(`/api/users/${bob.id}`).query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(bob.email);
    expect(res.body.is_admin).toBe(true);
  });

  it("refuses another user's record with RequestParameterInvalidException", async () => {
    const res = await h.api.get(`/api/users/${bob.id}`).query({ key: alice.key });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ err_msg: 'Invalid user id specified', err_code: 400008, id: bob.id });
  });

  it.each([
    ['a malformed id', 'not-an-id'],
    ['an unknown id', unknownUserId],
  ])('answers 400 400008 for %s', async (_label, id) => {
    const res = await h.api.get(`/api/users/${id}`).query({ key: h.admin.key });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ err_msg: 'Invalid user id specified', err_code: 400008, id });
  });

  it('refuses anonymous callers', async () => {
    const res = await h.api.get(`/api/users/${alice.id}`);
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403001);
  });

  it('does not show a deleted user on the plain route', async () => {
    const dave = await h.newUser('dave');
    await markDeleted(dave.email);
    expect((await h.api.get(`/api/users/${dave.id}`).query({ key: h.admin.key })).status).toBe(400);
    const deleted = await h.api.get(`/api/users/${dave.id}`).query({ key: h.admin.key, deleted: 'true' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.email).toBe(dave.email);
  });
});

describe('GET /api/users/deleted/{id}', () => {
  it('shows a deleted user to an administrator', async () => {
    const erin = await h.newUser('erin');
    await markDeleted(erin.email);
    const res = await h.api.get(`/api/users/deleted/${erin.id}`).query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(erin.id);
  });

  it('refuses a user that is not deleted', async () => {
    const res = await h.api.get(`/api/users/deleted/${alice.id}`).query({ key: h.admin.key });
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe(400008);
  });

  it('refuses non-administrators and malformed ids', async () => {
    expect((await h.api.get(`/api/users/deleted/${alice.id}`).query({ key: alice.key })).status).toBe(400);
    expect((await h.api.get('/api/users/deleted/xyz').query({ key: h.admin.key })).body).toEqual({
      err_msg: 'Invalid user id specified',
      err_code: 400008,
      id: 'xyz',
    });
    expect((await h.api.get(`/api/users/deleted/${alice.id}`)).status).toBe(403);
  });
});

describe('GET /api/users/current', () => {
  it('gives an anonymous caller the usage view, with no cookie needed', async () => {
    const res = await h.api.get('/api/users/current');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total_disk_usage: 0, nice_total_disk_usage: '0 bytes', quota_percent: null });
  });

  it("gives a user their own record", async () => {
    const res = await h.api.get('/api/users/current').query({ key: bob.key });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(bob.id);
    expect(res.body.is_admin).toBe(false);
  });

  it('shows the unregistered default quota to an anonymous caller', async () => {
    const quota = await h.api
      .post('/api/quotas')
      .send({ key: h.admin.key, name: 'anon', description: 'anonymous users', amount: '1 MB', operation: '=', default: 'unregistered' });
    expect(quota.status).toBe(200);
    const res = await h.api.get('/api/users/current');
    expect(res.body.quota_percent).toBe(0);
    await h.api.put(`/api/quotas/${quota.body.id}`).send({ key: h.admin.key, default: 'no' });
  });
});

describe('POST /api/users', () => {
  it('creates a user with the master key, with a private role named after the email', async () => {
    const res = await h.api.post('/api/users').send({ key: h.masterKey, email: 'frank@example.org', username: 'frank', password: 'frank-secret' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      model_class: 'User',
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      email: 'frank@example.org',
      username: 'frank',
      total_disk_usage: 0,
      nice_total_disk_usage: '0 bytes',
    });
    const roles = await h.api.get('/api/roles').query({ key: h.admin.key });
    const role = roles.body.find((item: { name: string }) => item.name === 'frank@example.org');
    expect((await h.api.get(`/api/roles/${role.id}`).query({ key: h.admin.key })).body).toEqual(expect.objectContaining({ type: 'private' }));
  });

  it('lets an administrator create users with a form post', async () => {
    const res = await h.api.post('/api/users').type('form').send({ key: h.admin.key, email: 'gina@example.org', username: 'gina', password: 'gina-secret' });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('gina@example.org');
  });

  it('answers NotImplemented to a plain user', async () => {
    const res = await h.api.post('/api/users').send({ key: alice.key, email: 'x@example.org', username: 'xx-x', password: 'secret1' });
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ err_msg: 'Method is not implemented.', err_code: 501001 });
  });

  it('refuses anonymous callers', async () => {
    const res = await h.api.post('/api/users').send({ email: 'x@example.org', username: 'xxx', password: 'secret1' });
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403001);
  });

  it('reports every invalid field in one RequestParameterInvalidException', async () => {
    const res = await h.api.post('/api/users').send({ key: h.masterKey, email: 'not-an-email', username: 'Bad Name', password: '123' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      err_msg: "The format of the email address is not correct.\nUse a password of at least 6 characters.\nPublic name must contain only lower-case letters, numbers and '-'.",
      err_code: 400008,
    });
  });

  it('refuses an email or public name already in use', async () => {
    const res = await h.api.post('/api/users').send({ key: h.masterKey, email: alice.email, username: 'alice', password: 'secret12' });
    expect(res.status).toBe(400);
    // The platform joins the three validators' messages, empty ones included.
    expect(res.body.err_msg).toBe('User with that email already exists.\n\nPublic name is taken; please choose another.');
  });

  it('treats missing fields as empty and says so', async () => {
    const res = await h.api.post('/api/users').send({ key: h.masterKey });
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe(400008);
  });
});

describe('POST /api/users/{id}/api_key', () => {
  it('returns a new key as a JSON string and retires the previous one', async () => {
    const henry = await h.newUser('henry');
    const res = await h.api.post(`/api/users/${henry.id}/api_key`).query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/^[0-9a-f]{32}$/);
    expect((await h.api.get('/api/users/current').query({ key: res.body })).body.email).toBe(henry.email);
    const old = await h.api.get('/api/users/current').query({ key: henry.key });
    expect(old.status).toBe(403);
    expect(old.body).toEqual({ err_msg: 'Provided API key has expired.', err_code: 403001 });
  });

  it('is for administrators only', async () => {
    const res = await h.api.post(`/api/users/${alice.id}/api_key`).query({ key: alice.key });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ err_msg: 'You must be an administrator to access this feature.', err_code: 403006 });
    expect((await h.api.post(`/api/users/${alice.id}/api_key`)).status).toBe(403);
  });

  it('answers MalformedId for a malformed id and 400 for an unknown one', async () => {
    const malformed = await h.api.post('/api/users/nope/api_key').query({ key: h.admin.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ err_msg: 'Malformed User id ( nope ) specified, unable to decode', err_code: 400009, id: 'nope' });
    const unknown = await h.api.post(`/api/users/${unknownUserId}/api_key`).query({ key: h.admin.key });
    expect(unknown.status).toBe(400);
    expect(unknown.body.err_code).toBe(400008);
  });
});

describe('PUT, DELETE /api/users/{id} and POST /api/users/deleted/{id}/undelete', () => {
  it.each([
    ['put', () => `/api/users/${alice.id}`],
    ['delete', () => `/api/users/${alice.id}`],
    ['post', () => `/api/users/deleted/${alice.id}/undelete`],
  ] as const)('%s answers NotImplemented', async (method, path) => {
    const res = await h.api[method](path()).query({ key: h.admin.key }).send({ username: 'renamed' });
    expect(res.status).toBe(501);
    expect(res.body.err_code).toBe(501001);
  });

  it('refuses anonymous callers first', async () => {
    expect((await h.api.put(`/api/users/${alice.id}`)).status).toBe(403);
  });
});
