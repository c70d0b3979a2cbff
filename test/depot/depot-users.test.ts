import { ADMIN_EMAIL } from '../support/test-platform';
import { rawRequestStatus } from '../support/raw-http';
import { type DepotUser, startTestDepot, type TestDepot } from '../support/test-depot';

let h: TestDepot;
let alice: DepotUser;

beforeAll(async () => {
  h = await startTestDepot();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

const ENCODED = /^[0-9a-f]{16}$/;
const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

describe('POST /api/users (depot administrators create accounts)', () => {
  it('creates a user and answers the depot record with a message and url', async () => {
    const res = await h.api.post('/api/users').send({ key: h.masterKey, email: 'carol@example.org', username: 'carol', password: 'carol-pw' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ model_class: 'User', id: expect.stringMatching(ENCODED), username: 'carol', message: "User 'carol' has been created.", url: `/api/users/${res.body.id}` });
  });

  it('is for administrators: an ADMIN_USERS email with its key may, a user may not (403006), anonymous callers get 403001', async () => {
    const byAdmin = await h.api.post('/api/users').send({ key: h.admin.key, email: 'dave@example.org', username: 'dave', password: 'dave-pw' });
    expect(byAdmin.status).toBe(200);
    expect(h.admin.email).toBe(ADMIN_EMAIL);
    const byUser = await h.api.post('/api/users').send({ key: alice.key, email: 'erin@example.org', username: 'erin', password: 'erin-pw' });
    expect([byUser.status, byUser.body.err_code]).toEqual([403, 403006]);
    const anonymous = await h.api.post('/api/users').send({ email: 'frank@example.org', username: 'frank', password: 'frank-pw' });
    expect([anonymous.status, anonymous.body.err_code]).toEqual([403, 403001]);
  });

  it('refuses a missing public name, a reserved one, a taken email or name, a bad email or a short password with 400008 naming them', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ email: 'x1@example.org', password: 'secret-pw' }, 'A public user name is required in the Tool Shed.'],
      [{ email: 'x2@example.org', username: 'repos', password: 'secret-pw' }, 'reserved word'],
      [{ email: 'alice@example.org', username: 'alice2', password: 'secret-pw' }, 'User with that email already exists.'],
      [{ email: 'x3@example.org', username: 'alice', password: 'secret-pw' }, 'Public name is taken; please choose another.'],
      [{ email: 'not-an-email', username: 'x4name', password: 'secret-pw' }, 'The format of the email address is not correct.'],
      [{ email: 'x5@example.org', username: 'x5name', password: '123' }, 'Use a password of at least 6 characters.'],
      [{ email: 'x6@example.org', username: 'Upper_Case', password: 'secret-pw' }, "Public name must contain only lower-case letters, numbers and '-'."],
    ];
    for (const [fields, message] of cases) {
      const res = await h.api.post('/api/users').send({ key: h.masterKey, ...fields });
      expect([res.status, res.body.err_code]).toEqual([400, 400008]);
      expect(res.body.err_msg).toContain(message);
      expect(res.body.err_msg).toMatch(/^email: .*, username: .* - /);
    }
  });
});

describe('GET /api/users and /api/users/{id}', () => {
  it('lists users by username for anyone, with id, username and url only', async () => {
    const res = await h.api.get('/api/users');
    expect(res.status).toBe(200);
    const names = (res.body as Array<{ username: string }>).map((user) => user.username);
    expect(names).toEqual([...names].sort());
    expect(res.body.find((user: { username: string }) => user.username === 'alice')).toEqual({ model_class: 'User', id: alice.id, username: 'alice', url: `/api/users/${alice.id}` });
  });

  it('shows a user by id, and the caller as `current`', async () => {
    const shown = await h.api.get(`/api/users/${alice.id}`);
    expect(shown.body).toEqual({ model_class: 'User', id: alice.id, username: 'alice', url: `/api/users/${alice.id}` });
    const current = await h.api.get('/api/users/current').query({ key: alice.key });
    expect(current.body.id).toBe(alice.id);
  });

  it('answers a malformed id with 400009 and an unknown one with 404001', async () => {
    const malformed = await h.api.get('/api/users/not-an-id');
    expect([malformed.status, malformed.body.err_code]).toEqual([400, 400009]);
    const unknown = await h.api.get(`/api/users/${h.depot.services.ids.encode(99999)}`);
    expect([unknown.status, unknown.body.err_code]).toEqual([404, 404001]);
  });

  it('lists deleted users only for administrators', async () => {
    const refused = await h.api.get('/api/users').query({ deleted: 'true', key: alice.key });
    expect([refused.status, refused.body.err_code]).toEqual([403, 403006]);
    const allowed = await h.api.get('/api/users').query({ deleted: 'true', key: h.masterKey });
    expect(allowed.body).toEqual([]);
  });
});

describe('GET /api/authenticate/baseauth', () => {
  it('answers the newest key of the user named by email or username (with or without the Basic prefix)', async () => {
    const byEmail = await h.api.get('/api/authenticate/baseauth').set('Authorization', basic(alice.email, alice.password));
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toEqual({ api_key: alice.key });
    const bare = Buffer.from(`alice:${alice.password}`).toString('base64');
    const byName = await h.api.get('/api/authenticate/baseauth').set('Authorization', bare);
    expect(byName.body).toEqual({ api_key: alice.key });
  });

  it('creates a key for a user who has none, and that key works', async () => {
    await h.api.post('/api/users').send({ key: h.masterKey, email: 'gina@example.org', username: 'gina', password: 'gina-pw' });
    const res = await h.api.get('/api/authenticate/baseauth').set('Authorization', basic('gina@example.org', 'gina-pw'));
    expect(res.body.api_key).toMatch(/^[0-9a-f]{32}$/);
    const current = await h.api.get('/api/users/current').query({ key: res.body.api_key });
    expect(current.body.username).toBe('gina');
  });

  it('refuses an unknown user (404001) and a wrong password (401001)', async () => {
    const unknown = await h.api.get('/api/authenticate/baseauth').set('Authorization', basic('nobody@example.org', 'x'));
    expect([unknown.status, unknown.body]).toEqual([404, { err_msg: 'The user does not exist.', err_code: 404001 }]);
    const wrong = await h.api.get('/api/authenticate/baseauth').set('Authorization', basic(alice.email, 'wrong'));
    expect([wrong.status, wrong.body]).toEqual([401, { err_msg: 'Invalid password.', err_code: 401001 }]);
  });

  it('refuses only NUL bytes (AAAAAAAA) or NUL in the login or password with ActionInputError (400), anonymous', async () => {
    for (const header of ['Basic AAAAAAAA', 'AAAAAAAA', basic('alice\u0000', alice.password), basic(alice.email, '\u0000')]) {
      const res = await h.api.get('/api/authenticate/baseauth').set('Authorization', header);
      expect([res.status, res.body]).toEqual([400, { err_msg: 'Request contained invalid parameter, action could not be completed.', err_code: 400008 }]);
    }
  });

  it('only the newest key is valid (a new key makes the older one expire)', async () => {
    const user = await h.newUser('keyrotate');
    const newer = await h.api.post(`/api/users/${user.id}/api_key`).query({ key: h.masterKey });
    const old = await h.api.get('/api/users/current').query({ key: user.key });
    expect([old.status, old.body.err_msg]).toEqual([403, 'Provided API key has expired.']);
    const current = await h.api.get('/api/users/current').query({ key: newer.body });
    expect(current.body.username).toBe('keyrotate');
  });

  it('depot keys are not platform keys: an unknown key is refused (403001)', async () => {
    const res = await h.api.get('/api/users/current').query({ key: '0123456789abcdef0123456789abcdef' });
    expect([res.status, res.body.err_msg]).toEqual([403, 'Provided API key is not valid.']);
  });
});

/** PostgreSQL text cannot hold NUL: the depot refuses it wherever a caller sends text, never a 500. */
describe('text holding NUL characters sent to the depot', () => {
  const NUL_REFUSED = { err_msg: 'Text parameters may not contain NUL characters.', err_code: 400008 };

  it('in a query parameter, a JSON body, a form field or a path segment answers 400', async () => {
    const responses = [
      await h.api.get('/api/repositories').query({ owner: 'a\u0000b' }),
      await h.api.get('/api/repositories').query({ key: alice.key, name: ['x', '\u0000'] }),
      await h.api.post('/api/categories').send({ key: h.admin.key, name: 'a\u0000b', description: 'd' }),
      await h.api.post('/api/categories').type('form').send({ key: h.admin.key, name: 'a\u0000b', description: 'd' }),
      await h.api.get('/api/repositories/get_ordered_installable_revisions').query({ name: 'x', owner: 'a\u0000' }),
      await h.api.get('/api/categories/a%00b'),
    ];
    for (const res of responses) expect([res.status, res.body]).toEqual([400, NUL_REFUSED]);
  });

  it('in a key (query or x-api-key header) or a session cookie answers 400', async () => {
    const responses = [
      await h.api.get('/api/users/current').query({ key: `${alice.key}\u0000` }),
      await h.api.post('/api/categories').send({ key: `${h.admin.key}\u0000`, name: 'n', description: 'd' }),
      await h.api.get('/api/users/current').set('Cookie', 'galaxycommunitysession=%00'),
    ];
    for (const res of responses) expect([res.status, res.body]).toEqual([400, NUL_REFUSED]);
    // A raw NUL byte in the x-api-key header never reaches the application: the HTTP parser answers 400.
    expect(await rawRequestStatus(h.depot.http.app, `GET /api/repositories HTTP/1.1\r\nHost: x\r\nx-api-key: a\u0000b\r\nConnection: close\r\n\r\n`)).toBe(400);
    expect((await h.api.get('/api/users/current').query({ key: alice.key })).body.username).toBe('alice');
  });

  it('in a variable of the depot graph answers the same error kind', async () => {
    const res = await h.api.post('/graphql').send({ query: 'query ($owner: String) { repositories(owner: $owner) { id } }', variables: { owner: 'a\u0000' } });
    expect(res.body.errors[0].extensions).toEqual(expect.objectContaining({ code: 'RequestParameterInvalidException', errCode: 400008 }));
  });
});
