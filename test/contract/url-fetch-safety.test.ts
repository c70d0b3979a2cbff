import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHistory, datasetText, uploadText, waitForJob } from '../support/data-helpers';
import { eventually, serveOnce, waitForExport } from '../support/history-helpers';
import { expectError } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

const LIMIT = 64 * 1024;

/** A small web server on 127.0.0.1 (a private address): a file, and a body that never ends. */
let files: Server;
let filesPort: number;
let requests = 0;
let endlessBytesSent = 0;

beforeAll(async () => {
  files = createServer((req, res) => {
    requests += 1;
    if (req.url === '/table.tsv') return void res.writeHead(200, { 'content-type': 'text/tab-separated-values' }).end('x\t1\ny\t2\n');
    if (req.url === '/endless') {
      // No content-length: only counting the streamed bytes can stop it.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 'z');
      const pump = (): void => {
        while (!res.destroyed && endlessBytesSent < 256 * 1024 * 1024) {
          endlessBytesSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      return void pump();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesPort = (files.address() as AddressInfo).port;
});
afterAll(async () => {
  files.closeAllConnections();
  await new Promise((done) => files.close(done));
});

type Dataset = { state: string; misc_info: string; id: string };

async function uploadUrl(h: TestPlatform, user: TestUser, historyId: string, url: string): Promise<{ job: Record<string, unknown>; dataset: Dataset }> {
  const res = await h.api.post('/api/tools').send({ key: user.key, tool_id: 'upload1', history_id: historyId, inputs: { 'files_0|url_paste': url, 'files_0|type': 'upload_dataset', file_type: 'txt' } });
  expect(res.status).toBe(200);
  const job = await waitForJob(h, user.key, res.body.jobs[0].id);
  const dataset = (await h.api.get(`/api/datasets/${res.body.outputs[0].id}`).query({ key: user.key })).body as Dataset;
  return { job, dataset };
}

describe('a default install (ALLOW_PRIVATE_URL_FETCH unset) fetches only public addresses', () => {
  let h: TestPlatform;
  let alice: TestUser;
  let bob: TestUser;
  let historyId: string;

  beforeAll(async () => {
    h = await startTestPlatform({ ALLOW_PRIVATE_URL_FETCH: '' });
    alice = await h.newUser('alice');
    bob = await h.newUser('bob');
    historyId = await createHistory(h, alice.key);
  });
  afterAll(() => h.close());

  it('POST /api/tools upload1: a URL to 127.0.0.1 ends its dataset in error with a clear message, and nothing is fetched', async () => {
    const before = requests;
    const { job, dataset } = await uploadUrl(h, alice, historyId, `http://127.0.0.1:${filesPort}/table.tsv`);
    expect(job.state).toBe('error');
    expect(dataset.state).toBe('error');
    expect(dataset.misc_info).toBe(
      `Fetching http://127.0.0.1:${filesPort}/table.tsv was refused: 127.0.0.1 is not a public address; this server fetches only public addresses (ALLOW_PRIVATE_URL_FETCH).`,
    );
    expect(requests).toBe(before);
  });

  it('POST /api/tools upload1: a host name resolving to loopback (checked after DNS resolution) and an IPv4-mapped IPv6 loopback are refused', async () => {
    const before = requests;
    const byName = await uploadUrl(h, alice, historyId, `http://localhost:${filesPort}/table.tsv`);
    expect(byName.dataset.state).toBe('error');
    expect(byName.dataset.misc_info).toMatch(/was refused: localhost \((127\.0\.0\.1|::1)\) is not a public address/);
    const mapped = await uploadUrl(h, alice, historyId, `http://[::ffff:127.0.0.1]:${filesPort}/table.tsv`);
    expect(mapped.dataset.state).toBe('error');
    expect(mapped.dataset.misc_info).toMatch(/was refused: ::ffff:7f00:1 is not a public address/);
    expect(requests).toBe(before);
  });

  it('POST /api/histories with an archive_source on a private address answers 400 400008 and fetches nothing', async () => {
    const server = await serveOnce(Buffer.from('not fetched'));
    try {
      const res = await h.api.post('/api/histories').send({ key: alice.key, archive_source: server.url });
      expectError(res, 400, 400008);
      expect(res.body.err_msg).toMatch(/^archive_source http:\/\/127\.0\.0\.1:\d+\/history\.tar\.gz was refused: 127\.0\.0\.1 is not a public address/);
      expect(server.requests()).toBe(0);
    } finally {
      await server.close();
    }
  });

  describe("POST /api/histories with archive_source = this server's own export download address (as the platform's own tests do)", () => {
    let server: Server;
    let base: string;
    let exportUrl: string;

    beforeAll(async () => {
      const source = await createHistory(h, alice.key, 'exported here');
      const upload = await uploadText(h, alice.key, source, 'own export\n', { fileType: 'txt', name: 'kept' });
      await waitForJob(h, alice.key, upload.jobId);
      const downloadUrl = await waitForExport(h, alice.key, source);
      server = h.platform.http.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      exportUrl = `${base}${downloadUrl}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    const importFrom = (key: string, source: string) =>
      fetch(`${base}/api/histories`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key, archive_source: source }) });

    it('is read from storage, without an HTTP fetch, though the address is private', async () => {
      const res = await importFrom(alice.key, exportUrl);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
      const imported = await eventually(async () => {
        const list = (await h.api.get('/api/histories').query({ key: alice.key })).body as Array<{ id: string; name: string }>;
        return list.find((item) => item.name === 'imported from archive: exported here');
      }, 30000, 'the imported history');
      const contents = (await h.api.get(`/api/histories/${imported.id}/contents`).query({ key: alice.key })).body as Array<{ id: string; name: string }>;
      expect(contents.map((item) => item.name)).toEqual(['kept']);
      expect(await datasetText(h, alice.key, contents[0].id)).toBe('own export\n');
    });

    it("follows the importing key's access rules: another user gets the refusal their own download of it gets", async () => {
      const download = await fetch(`${exportUrl}?key=${bob.key}`);
      const refused = await importFrom(bob.key, exportUrl);
      expect(refused.status).toBe(download.status);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      const codeOf = async (res: Response) => ((await res.json()) as { err_code: number }).err_code;
      expect(await codeOf(refused)).toBe(await codeOf(download));
      const names = ((await h.api.get('/api/histories').query({ key: bob.key })).body as Array<{ name: string }>).map((item) => item.name);
      expect(names).not.toContain('imported from archive: exported here');
    });

    it('is recognised only on the host the request was sent to: the same path on another host is fetched (here refused)', async () => {
      const elsewhere = exportUrl.replace(base, 'http://127.0.0.2:9');
      const res = await importFrom(alice.key, elsewhere);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { err_msg: string }).err_msg).toMatch(/was refused: 127\.0\.0\.2 is not a public address/);
    });
  });
});

describe('with ALLOW_PRIVATE_URL_FETCH=true', () => {
  let h: TestPlatform;
  let alice: TestUser;
  let historyId: string;

  beforeAll(async () => {
    h = await startTestPlatform({ ALLOW_PRIVATE_URL_FETCH: 'true', MAX_UPLOAD_BYTES: String(LIMIT) });
    alice = await h.newUser('alice');
    historyId = await createHistory(h, alice.key);
  });
  afterAll(() => h.close());

  it('POST /api/tools upload1: a URL to 127.0.0.1 is fetched', async () => {
    const { job, dataset } = await uploadUrl(h, alice, historyId, `http://127.0.0.1:${filesPort}/table.tsv`);
    expect(job.state).toBe('ok');
    expect(await datasetText(h, alice.key, dataset.id)).toBe('x\t1\ny\t2\n');
  });

  it('POST /api/tools upload1: MAX_UPLOAD_BYTES applies while streaming a body of unknown length: the transfer stops and the dataset ends in error', async () => {
    endlessBytesSent = 0;
    const { job, dataset } = await uploadUrl(h, alice, historyId, `http://127.0.0.1:${filesPort}/endless`);
    expect(job.state).toBe('error');
    expect(dataset.misc_info).toBe(`http://127.0.0.1:${filesPort}/endless is larger than ${LIMIT} bytes.`);
    // Stopped near the limit, not after the server's 256 MB (socket buffers allow some slack).
    expect(endlessBytesSent).toBeLessThan(32 * 1024 * 1024);
  });
});
