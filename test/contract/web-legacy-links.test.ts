import { startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * The links of 15.05 that people keep (issue 34): its screens answer a permanent redirect to the
 * web UI's, `u/<username>/<h|p|v|w>/<slug>` opens the web UI (which asks the graph for the item),
 * and any other path a browser asks for opens the web UI with status 404, where it says "Not found",
 * never Express's bare "Cannot GET". The server's own paths keep their answers.
 */
let h: TestPlatform;

beforeAll(async () => {
  h = await startTestPlatform();
});
afterAll(() => h.close());

describe("15.05's screens redirect to the web UI's", () => {
  it.each([
    ['/tool_runner?tool_id=cat1', '/tools/cat1'],
    ['/tool_runner?tool_id=toolshed.example.org/repos/devteam/sort/sort1/1.0.0', '/tools/toolshed.example.org%2Frepos%2Fdevteam%2Fsort%2Fsort1%2F1.0.0'],
    ['/tool_runner', '/tools'],
    ['/history/list', '/histories'],
    ['/history/list_published', '/published'],
    ['/history/list_shared', '/shared'],
    ['/workflow/list', '/workflows'],
    ['/workflow/list_published', '/published'],
    ['/library/list', '/libraries'],
    ['/visualization/list', '/visualizations'],
    ['/page/list', '/pages'],
    ['/page/list_published', '/published'],
  ])('GET %s -> 301 %s', async (from, to) => {
    const res = await h.api.get(from);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(to);
  });
});

describe('GET /u/<username>/<letter>/<slug> opens the web UI', () => {
  it('answers the web UI (200, or 503 naming the build when it is not built)', async () => {
    const res = await h.api.get('/u/alice/h/paper-data');
    expect([200, 503]).toContain(res.status);
    expect(res.type).toBe('text/html');
  });
});

describe('an unknown path opens the web UI with status 404', () => {
  it.each(['/no/such/screen', '/history/view/f2db41e1fa331b3e', '/datasets'])('GET %s', async (path) => {
    const res = await h.api.get(path);
    expect([404, 503]).toContain(res.status);
    expect(res.type).toBe('text/html');
    expect(res.text).not.toContain('Cannot GET');
  });

  it("keeps the server's own 404s: an unknown /api path answers the API's error, GraphiQL and assets theirs", async () => {
    const api = await h.api.get('/api/no_such_thing');
    expect(api.status).toBe(404);
    expect(api.type).not.toBe('text/html');
    const asset = await h.api.get('/assets/no-such-file.js');
    expect(asset.status).toBe(404);
    expect(asset.text).not.toContain('<div id="root">');
  });
});
