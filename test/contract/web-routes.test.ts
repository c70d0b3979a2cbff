import { rmSync } from 'node:fs';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { binaryParser, toolDirWith, UNKNOWN_ID } from '../support/job-helpers';

const TALKER = `<tool id="test_talker" name="Talk" version="1.0.0">
  <description>on both streams</description>
  <command>echo said on stdout; echo said on stderr 1>&amp;2; echo data > $out_file1</command>
  <inputs/>
  <outputs>
    <data name="out_file1" format="txt"/>
  </outputs>
</tool>
`;

const TEXT = 'The quick brown fox\njumps over the lazy dog\n';
/** Larger than the preview (1,000,000 bytes). */
const BIG = `${'0123456789abcdef'.repeat(4095)}\n`.repeat(20);

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let toolDir: string;
let historyId: string;
let text: string;
let big: string;
let talked: string;

async function uploaded(content: string, name: string): Promise<string> {
  const upload = await uploadText(h, alice.key, historyId, content, { fileType: 'txt', name });
  await waitForJob(h, alice.key, upload.jobId);
  return upload.datasetId;
}

const get = (path: string, query: Record<string, unknown> = {}) => h.api.get(path).query(query).buffer(true).parse(binaryParser);

beforeAll(async () => {
  toolDir = toolDirWith('talker.xml', TALKER);
  h = await startTestPlatform({ TOOL_DIRS: toolDir });
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  historyId = await createHistory(h, alice.key);
  text = await uploaded(TEXT, 'fox.txt');
  big = await uploaded(BIG, 'big.txt');
  const run = await runTool(h, alice.key, historyId, 'test_talker', {});
  await waitForJob(h, alice.key, run.jobs[0].id);
  talked = run.outputs[0].id;
});
afterAll(async () => {
  await h.close();
  rmSync(toolDir, { recursive: true, force: true });
});

describe('GET /datasets/{id}/display (the web route clients download from)', () => {
  it("serves the dataset's content with the key parameter", async () => {
    const res = await get(`/datasets/${text}/display`, { key: alice.key });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.toString('utf8')).toBe(TEXT);
  });

  it('downloads it as an attachment with to_ext', async () => {
    const res = await get(`/datasets/${text}/display`, { key: alice.key, to_ext: 'txt' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*\.txt"$/);
    expect(res.body.toString('utf8')).toBe(TEXT);
  });

  it('sends only the first megabyte of a large dataset with preview, and all of it without', async () => {
    const preview = await get(`/datasets/${big}/display`, { key: alice.key, preview: 'True' });
    expect(preview.status).toBe(200);
    expect(preview.body.length).toBe(1_000_000);
    expect(preview.body.toString('utf8')).toBe(BIG.slice(0, 1_000_000));
    const whole = await get(`/datasets/${big}/display`, { key: alice.key });
    expect(whole.body.length).toBe(BIG.length);
    const small = await get(`/datasets/${text}/display`, { key: alice.key, preview: 'true' });
    expect(small.body.toString('utf8')).toBe(TEXT);
  });

  it('authenticates with the session cookie as /api does', async () => {
    await h.api.put(`/api/datasets/${text}/permissions`).query({ key: alice.key }).send({ action: 'make_private' });
    try {
      expect((await get(`/datasets/${text}/display`)).status).toBe(403);
      const login = await h.api.post('/graphql').send({ query: `mutation { login(email: "${alice.email}", password: "${alice.password}") { id } }` });
      const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((value) => value.split(';')[0]).join('; ');
      expect(cookie).not.toBe('');
      const res = await h.api.get(`/datasets/${text}/display`).set('Cookie', cookie).buffer(true).parse(binaryParser);
      expect(res.status).toBe(200);
      expect(res.body.toString('utf8')).toBe(TEXT);
      expect((await get(`/datasets/${text}/display`, { key: bob.key })).status).toBe(403);
    } finally {
      await h.api.put(`/api/datasets/${text}/permissions`).query({ key: alice.key }).send({ action: 'remove_restrictions' });
    }
  });

  it("answers an unknown or malformed id with the API's errors, never a 500", async () => {
    const unknown = await h.api.get(`/datasets/${UNKNOWN_ID}/display`).query({ key: alice.key });
    expect(unknown.status).toBe(404);
    const malformed = await h.api.get('/datasets/not-an-id/display').query({ key: alice.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(expect.objectContaining({ err_code: 400009 }));
  });

  it('refuses a bad key', async () => {
    expect((await h.api.get(`/datasets/${text}/display`).query({ key: 'not-a-key' })).status).toBe(403);
  });
});

describe('GET /datasets/{id}/stdout and /datasets/{id}/stderr', () => {
  it('answer the text of the job that created the dataset, as text/plain', async () => {
    const stdout = await h.api.get(`/datasets/${talked}/stdout`).query({ key: alice.key });
    expect(stdout.status).toBe(200);
    expect(stdout.headers['content-type']).toMatch(/^text\/plain/);
    expect(stdout.text).toContain('said on stdout');
    expect(stdout.text).not.toContain('said on stderr');
    const stderr = await h.api.get(`/datasets/${talked}/stderr`).query({ key: alice.key });
    expect(stderr.status).toBe(200);
    expect(stderr.text).toContain('said on stderr');
  });

  it('answer empty text when the job wrote nothing', async () => {
    const res = await h.api.get(`/datasets/${text}/stderr`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  it("give other users who may read a public dataset no job text (its job is the owner's)", async () => {
    const res = await h.api.get(`/datasets/${talked}/stdout`).query({ key: bob.key });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  it('answer an unknown dataset with 404', async () => {
    expect((await h.api.get(`/datasets/${UNKNOWN_ID}/stdout`).query({ key: alice.key })).status).toBe(404);
  });
});

describe('GET /about (the landing page: the web UI is at /)', () => {
  it('is a small HTML page naming the server, its version and where the API, its description, GraphiQL and the first steps are', async () => {
    const res = await h.api.get('/about');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('15.05.1');
    for (const link of ['href="/api/version"', 'href="/api/openapi.json"', 'href="/graphiql"']) expect(res.text).toContain(link);
    expect(res.text).toMatch(/api_key/);
    expect(res.text).toContain('master_api_key');
    expect(res.text).not.toContain(h.masterKey);
  });
});
