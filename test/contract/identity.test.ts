import { User } from '../../src/entities/user.entity';
import { rawRequestStatus } from '../support/raw-http';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

const whoAmI = () => h.api.get('/api/users/current');

describe('API keys', () => {
  it('are read from the key query parameter', async () => {
    expect((await whoAmI().query({ key: alice.key })).body.email).toBe(alice.email);
  });

  it('are read from a form field', async () => {
    const res = await h.api.post('/api/roles').type('form').send({ key: alice.key, name: 'r', description: 'd' });
    expect(res.body).toBe('You are not authorized to create a new role.');
  });

  it('are read from a JSON body', async () => {
    const res = await h.api.post('/api/roles').send({ key: alice.key, name: 'r', description: 'd' });
    expect(res.body).toBe('You are not authorized to create a new role.');
  });

  it('are read from the x-api-key header', async () => {
    expect((await whoAmI().set('x-api-key', alice.key)).body.email).toBe(alice.email);
  });

  it("of a deleted user are refused", async () => {
    const gone = await h.newUser('gone');
    await h.platform.services.db.orm.em.fork().nativeUpdate(User, { email: gone.email }, { deleted: true });
    const res = await whoAmI().query({ key: gone.key });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ err_msg: 'User account is deactivated, please contact an administrator.', err_code: 403001 });
  });

  it('that are unknown are refused even on anonymous routes', async () => {
    const res = await whoAmI().query({ key: 'deadbeef' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ err_msg: 'Provided API key is not valid.', err_code: 403001 });
  });
});

describe('the master API key', () => {
  it('acts as an administrator without a user', async () => {
    const res = await h.api.get('/api/groups').query({ key: h.masterKey });
    expect(res.status).toBe(200);
    const current = await whoAmI().query({ key: h.masterKey });
    expect(current.body).toEqual({ total_disk_usage: 0, nice_total_disk_usage: '0 bytes', quota_percent: null });
  });
});

describe('administrators', () => {
  it('are the users whose email is listed in ADMIN_USERS', async () => {
    expect((await whoAmI().query({ key: h.admin.key })).body.is_admin).toBe(true);
    expect((await whoAmI().query({ key: alice.key })).body.is_admin).toBe(false);
  });
});

describe('GET /api/authenticate/baseauth', () => {
  const basic = (email: string, password: string) => Buffer.from(`${email}:${password}`).toString('base64');

  it("returns the user's current API key for Basic email:password", async () => {
    const res = await h.api.get('/api/authenticate/baseauth').set('Authorization', `Basic ${basic(alice.email, alice.password)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ api_key: alice.key });
  });

  it('accepts the credentials without the Basic prefix', async () => {
    const res = await h.api.get('/api/authenticate/baseauth').set('Authorization', basic(alice.email, alice.password));
    expect(res.body).toEqual({ api_key: alice.key });
  });

  it('creates a key for a user who has none', async () => {
    await h.api.post('/api/users').send({ key: h.masterKey, email: 'keyless@example.org', username: 'keyless', password: 'keyless-pw' });
    const res = await h.api.get('/api/authenticate/baseauth').set('Authorization', `Basic ${basic('keyless@example.org', 'keyless-pw')}`);
    expect(res.status).toBe(200);
    expect(res.body.api_key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses an unknown email (404) and a wrong password (401)', async () => {
    const unknown = await h.api.get('/api/authenticate/baseauth').set('Authorization', `Basic ${basic('who@example.org', 'x')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ err_msg: 'The user does not exist.', err_code: 404001 });
    const wrong = await h.api.get('/api/authenticate/baseauth').set('Authorization', `Basic ${basic(alice.email, 'nope')}`);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ err_msg: 'Invalid password.', err_code: 401001 });
  });
});

/** PostgreSQL text cannot hold NUL: credentials holding one are refused before any lookup, never a 500. */
describe('credentials holding NUL characters', () => {
  const NUL_REFUSED = { err_msg: 'Text parameters may not contain NUL characters.', err_code: 400008 };

  it('GET /api/authenticate/baseauth: only NUL bytes (AAAAAAAA), or NUL in the email or password, answer ActionInputError (400) as undecodable credentials do', async () => {
    const headers = [
      'Basic AAAAAAAA',
      'AAAAAAAA',
      `Basic ${Buffer.from(`${alice.email}\u0000:${alice.password}`).toString('base64')}`,
      `Basic ${Buffer.from(`${alice.email}:${alice.password}\u0000`).toString('base64')}`,
      `Basic ${Buffer.from('no colon at all').toString('base64')}`,
    ];
    for (const header of headers) {
      const res = await h.api.get('/api/authenticate/baseauth').set('Authorization', header);
      expect([res.status, res.body]).toEqual([400, { err_msg: 'Request contained invalid parameter, action could not be completed.', err_code: 400008 }]);
    }
  });

  it('a key holding NUL in the query, a JSON body or a form field answers 400 (anonymous routes too)', async () => {
    const key = `${alice.key}\u0000`;
    const responses = [
      await whoAmI().query({ key }),
      await h.api.get('/api/histories').query({ key: '\u0000' }),
      await h.api.post('/api/histories').send({ key, name: 'n' }),
      await h.api.post('/api/histories').type('form').send({ key, name: 'n' }),
    ];
    for (const res of responses) expect([res.status, res.body]).toEqual([400, NUL_REFUSED]);
    // A "400 text" route answers the same refusal as its text.
    const text = await h.api.post('/api/groups').send({ key, name: 'n' });
    expect([text.status, text.body]).toEqual([400, NUL_REFUSED.err_msg]);
  });

  it('a NUL byte in the x-api-key header is refused by the HTTP parser itself (400), and the server keeps serving', async () => {
    const status = await rawRequestStatus(h.platform.http.app, `GET /api/users/current HTTP/1.1\r\nHost: x\r\nx-api-key: ${alice.key}\u0000\r\nConnection: close\r\n\r\n`);
    expect(status).toBe(400);
    expect((await whoAmI().set('x-api-key', alice.key)).body.email).toBe(alice.email);
  });

  it('a session cookie holding NUL answers 400', async () => {
    const res = await whoAmI().set('Cookie', 'galaxysession=ab%00cd');
    expect([res.status, res.body]).toEqual([400, NUL_REFUSED]);
  });

  it('the graph refuses a key holding NUL with the same error kind', async () => {
    const res = await h.api.post('/graphql').query({ key: `${alice.key}\u0000` }).send({ query: '{ viewer { isAdmin } }' });
    expect(res.body.errors[0].extensions).toEqual(expect.objectContaining({ code: 'RequestParameterInvalidException', errCode: 400008 }));
    expect(res.body.errors[0].message).toBe(NUL_REFUSED.err_msg);
  });
});

describe('browser sessions', () => {
  it('start with the login mutation, live in a galaxysession cookie, and end with logout', async () => {
    const login = await h.api
      .post('/graphql')
      .send({ query: 'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { email } }', variables: { e: alice.email, p: alice.password } });
    expect(login.body.data.login.email).toBe(alice.email);
    const cookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('galaxysession='));
    expect(cookie).toMatch(/^galaxysession=[0-9a-f]{80};/);
    const cookieHeader = cookie!.split(';')[0];
    expect((await whoAmI().set('Cookie', cookieHeader)).body.email).toBe(alice.email);
    await h.api.post('/graphql').set('Cookie', cookieHeader).send({ query: 'mutation { logout }' });
    expect((await whoAmI().set('Cookie', cookieHeader)).body).toEqual({ total_disk_usage: 0, nice_total_disk_usage: '0 bytes', quota_percent: null });
  });

  it('treat an unreadable cookie as no session', async () => {
    const res = await whoAmI().set('Cookie', 'galaxysession=garbage');
    expect(res.status).toBe(200);
    expect(res.body.total_disk_usage).toBe(0);
  });
});

describe('passwords', () => {
  it('are stored as bcrypt hashes', async () => {
    const user = await h.platform.services.db.orm.em.fork().findOneOrFail(User, { email: alice.email });
    expect(user.password).toMatch(/^\$2[aby]\$/);
    expect(user.password).not.toContain(alice.password);
  });
});
