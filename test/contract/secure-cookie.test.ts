import { startTestDepot, type TestDepot } from '../support/test-depot';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * The session cookies (`galaxysession`, the depot's `galaxycommunitysession`) are `Secure` when the
 * request arrived over HTTPS: behind a proxy, only when TRUST_PROXY believes its X-Forwarded-Proto.
 */
let h: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  h = await startTestPlatform({ TRUST_PROXY: 'loopback' });
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

const LOGIN = 'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { email } }';

function cookieOf(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  return ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((cookie) => cookie.startsWith(`${name}=`));
}

/** The attributes of a Set-Cookie line, lower-cased, without its value. */
const attributesOf = (cookie: string | undefined) => (cookie ?? '').split(';').slice(1).map((part) => part.trim().split('=')[0].toLowerCase()).sort();

async function signIn(platform: TestPlatform, proto: string | null) {
  const req = platform.api.post('/graphql');
  if (proto) req.set('X-Forwarded-Proto', proto);
  return req.send({ query: LOGIN, variables: { e: alice.email, p: alice.password } });
}

describe('the galaxysession cookie', () => {
  it('is Secure, HttpOnly and SameSite=Lax when a trusted proxy says the request came over HTTPS', async () => {
    const res = await signIn(h, 'https');
    expect(res.body.data.login.email).toBe(alice.email);
    expect(attributesOf(cookieOf(res, 'galaxysession'))).toEqual(['httponly', 'path', 'samesite', 'secure']);
    expect(cookieOf(res, 'galaxysession')).toMatch(/SameSite=Lax/);
    // Signing out clears it with the same attributes.
    const cookie = cookieOf(res, 'galaxysession')!.split(';')[0];
    const out = await h.api.post('/graphql').set('X-Forwarded-Proto', 'https').set('Cookie', cookie).send({ query: 'mutation { logout }' });
    expect(attributesOf(cookieOf(out, 'galaxysession'))).toEqual(['expires', 'httponly', 'path', 'samesite', 'secure']);
  });

  it('is not Secure over plain HTTP', async () => {
    expect(attributesOf(cookieOf(await signIn(h, 'http'), 'galaxysession'))).toEqual(['httponly', 'path', 'samesite']);
    expect(attributesOf(cookieOf(await signIn(h, null), 'galaxysession'))).toEqual(['httponly', 'path', 'samesite']);
  });

  it('is not Secure when the proxy saying HTTPS is not trusted (TRUST_PROXY unset)', async () => {
    const untrusting = await startTestPlatform({}, { reset: false });
    try {
      expect(attributesOf(cookieOf(await signIn(untrusting, 'https'), 'galaxysession'))).toEqual(['httponly', 'path', 'samesite']);
    } finally {
      await untrusting.close();
    }
  });

  it("is Secure for a visitor's session too (the first history of an anonymous caller)", async () => {
    const res = await h.api.post('/graphql').set('X-Forwarded-Proto', 'https').send({ query: 'mutation { ensureCurrentHistory { id } }' });
    const cookie = cookieOf(res, 'galaxysession');
    expect(cookie === undefined ? res.body : attributesOf(cookie)).toEqual(['httponly', 'path', 'samesite', 'secure']);
  });
});

describe("the depot's galaxycommunitysession cookie", () => {
  let depot: TestDepot;
  beforeAll(async () => {
    depot = await startTestDepot({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => depot.close());

  it('is Secure behind a trusted HTTPS proxy, and not over plain HTTP', async () => {
    const ines = await depot.newUser('ines');
    const login = (proto: string) =>
      depot.api.post('/graphql').set('X-Forwarded-Proto', proto).send({ query: `mutation { login(login: "${ines.email}", password: "${ines.password}") { username } }` });
    expect(attributesOf(cookieOf(await login('https'), 'galaxycommunitysession'))).toEqual(['httponly', 'path', 'samesite', 'secure']);
    expect(attributesOf(cookieOf(await login('http'), 'galaxycommunitysession'))).toEqual(['httponly', 'path', 'samesite']);
  });
});
