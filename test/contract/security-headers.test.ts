import { startTestDepot, type TestDepot } from '../support/test-depot';
import { ADMIN_EMAIL, startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * The security headers: every answer is never sniffed, never framed by another origin and sends no
 * referrer elsewhere; the UI's own pages and assets (the web UI at `/`, /about, /graphiql) also carry
 * a Content-Security-Policy that allows only this origin's scripts and styles, and hold no inline
 * script or style that the policy would refuse.
 */
const SECOND_ADMIN = 'chief.keeper@example.net';
let h: TestPlatform;
let depot: TestDepot;

beforeAll(async () => {
  h = await startTestPlatform({ ADMIN_USERS: `${ADMIN_EMAIL},${SECOND_ADMIN}` });
  depot = await startTestDepot();
});
afterAll(async () => {
  await depot.close();
  await h.close();
});

type Answer = { headers: Record<string, string | string[] | undefined>; text: string; status: number };

const COMMON = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN', 'referrer-policy': 'same-origin' };
const common = (res: Answer) => ({
  'x-content-type-options': res.headers['x-content-type-options'],
  'x-frame-options': res.headers['x-frame-options'],
  'referrer-policy': res.headers['referrer-policy'],
});

/** The policy as directive -> sources. */
function policyOf(res: Answer): Record<string, string> {
  const header = res.headers['content-security-policy'];
  if (typeof header !== 'string') return {};
  return Object.fromEntries(header.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources.join(' ')]));
}

const UI_POLICY = (host: string) => ({
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': `'self' ws://${host} wss://${host}`,
  'frame-src': "'self'",
  'worker-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'self'",
});

/** Inline scripts (a script element without src) and style elements or attributes of an HTML page. */
function inlineCode(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].filter((match) => !/\bsrc=/.test(match[1])).map((match) => match[0]);
  const styles = [...html.matchAll(/<style\b[^>]*>|\sstyle=/gi)].map((match) => match[0]);
  const handlers = [...html.matchAll(/\son[a-z]+=/gi)].map((match) => match[0]);
  return [...scripts, ...styles, ...handlers];
}

describe("the UI's pages carry its Content-Security-Policy and the security headers", () => {
  it.each([
    ['GET / (the web UI)', '/'],
    ['GET /login (a client route of the web UI)', '/login'],
    ['GET /about', '/about'],
  ])('%s', async (_name, path) => {
    const res = await h.api.get(path).set('Host', 'platform.example.org:8443');
    // 503 when the web UI is not built: its page says so, under the same policy.
    expect([200, 503]).toContain(res.status);
    expect(common(res)).toEqual(COMMON);
    expect(policyOf(res)).toEqual(UI_POLICY('platform.example.org:8443'));
    expect(inlineCode(res.text)).toEqual([]);
  });

  it('GET /graphiql for an administrator: the page loads its script and style as files, which carry the policy too', async () => {
    const res = await h.api.get('/graphiql').query({ key: h.admin.key }).set('Host', 'platform.example.org');
    expect(res.status).toBe(200);
    expect(common(res)).toEqual(COMMON);
    expect(policyOf(res)).toEqual(UI_POLICY('platform.example.org'));
    expect(inlineCode(res.text)).toEqual([]);
    const files = [...res.text.matchAll(/(?:src|href)="(\/graphiql\/assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(files).toEqual(expect.arrayContaining(['/graphiql/assets/start.js', '/graphiql/assets/page.css', '/graphiql/assets/graphiql.js']));
    for (const file of files) {
      const asset = await h.api.get(file);
      expect([file, asset.status, asset.headers['x-content-type-options'], policyOf(asset)['script-src']]).toEqual([file, 200, 'nosniff', "'self'"]);
    }
    expect((await h.api.get('/graphiql/assets/start.js')).headers['content-type']).toMatch(/^text\/javascript/);
  });

  it('GET /graphiql refused to a visitor still carries the headers, and an unknown asset is a 404', async () => {
    const refused = await h.api.get('/graphiql');
    expect([refused.status, common(refused)]).toEqual([403, COMMON]);
    expect((await h.api.get('/graphiql/assets/nothing.js')).status).toBe(404);
    expect((await h.api.get('/graphiql/assets/constructor')).status).toBe(404);
  });

  it('GET /about.css is the about page\'s style, under the policy', async () => {
    const res = await h.api.get('/about.css');
    expect([res.status, res.headers['content-type'], policyOf(res)['style-src']]).toEqual([200, 'text/css; charset=utf-8', "'self'"]);
    expect(res.text).toContain('font-family');
  });

  it("a Host header that is not a plain host and port names no WebSocket source (it cannot add directives)", async () => {
    const res = await h.api.get('/about').set('Host', "evil.example; script-src 'unsafe-inline'");
    expect(policyOf(res)['connect-src']).toBe("'self'");
    expect(policyOf(res)['script-src']).toBe("'self'");
  });
});

describe('API answers carry the security headers but no page policy', () => {
  it('GET /api/version', async () => {
    const res = await h.api.get('/api/version');
    expect([res.status, common(res), res.headers['content-security-policy']]).toEqual([200, COMMON, undefined]);
  });

  it('an error answer (GET /api/histories/{unknown id})', async () => {
    const res = await h.api.get('/api/histories/nope').query({ key: h.admin.key });
    expect([res.status, common(res)]).toEqual([400, COMMON]);
  });

  it('POST /graphql', async () => {
    const res = await h.api.post('/graphql').send({ query: '{ version { major } }' });
    expect([res.status, common(res), res.headers['content-security-policy']]).toEqual([200, COMMON, undefined]);
  });

  it("the depot's answers (GET /api/repositories)", async () => {
    const res = await depot.api.get('/api/repositories');
    expect([res.status, common(res)]).toEqual([200, COMMON]);
  });
});

describe('GET /about says how to become an administrator without naming any', () => {
  it("holds no administrator's email", async () => {
    const res = await h.api.get('/about');
    expect(res.status).toBe(200);
    expect(res.text).toContain('ADMIN_USERS');
    // (Its first-steps example creates admin@example.org: the configured ones are the ones not shown.)
    expect(res.text).not.toContain(SECOND_ADMIN);
    expect(res.text).not.toContain('chief.keeper');
  });
});
