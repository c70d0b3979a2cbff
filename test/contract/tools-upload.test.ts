import { readdirSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, datasetText, waitForJob } from '../support/data-helpers';
import { expectError } from '../support/job-helpers';
import { eventually } from '../support/history-helpers';

const LIMIT = 4096;

let h: TestPlatform;
let alice: TestUser;
let historyId: string;
let files: Server;
let filesUrl: string;

const upload = (inputs: Record<string, unknown>, key = alice.key) => h.api.post('/api/tools').send({ key, tool_id: 'upload1', history_id: historyId, inputs });

async function finished(res: { status: number; body: { outputs: Array<{ id: string }>; jobs: Array<{ id: string }> } }) {
  expect(res.status).toBe(200);
  const job = await waitForJob(h, alice.key, res.body.jobs[0].id);
  const datasets = [];
  for (const output of res.body.outputs) datasets.push((await h.api.get(`/api/datasets/${output.id}`).query({ key: alice.key })).body);
  return { job, datasets };
}

beforeAll(async () => {
  h = await startTestPlatform({ MAX_UPLOAD_BYTES: String(LIMIT) });
  alice = await h.newUser('alice');
  historyId = await createHistory(h, alice.key);
  // A small web server the upload tool fetches URLs from.
  files = createServer((req, res) => {
    if (req.url === '/table.tsv') {
      res.writeHead(200, { 'content-type': 'text/tab-separated-values' });
      res.end('x\t1\ny\t2\n');
    } else if (req.url === '/big.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('z'.repeat(LIMIT * 2));
    } else {
      res.writeHead(404);
      res.end('not here');
    }
  });
  files.listen(0, '127.0.0.1');
  await new Promise((done) => files.once('listening', done));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => files.close(done));
  await h.close();
});

describe('POST /api/tools with upload1: pasted text', () => {
  it('stores the text under the given name and type', async () => {
    const { job, datasets } = await finished(await upload({ 'files_0|url_paste': 'hello\nworld\n', 'files_0|type': 'upload_dataset', 'files_0|NAME': 'greeting', file_type: 'txt', dbkey: 'hg19' }));
    expect(job.state).toBe('ok');
    expect(job.tool_id).toBe('upload1');
    expect(datasets[0]).toEqual(expect.objectContaining({ name: 'greeting', extension: 'txt', genome_build: 'hg19', state: 'ok', file_size: 12, misc_blurb: '2 lines' }));
    expect(await datasetText(h, alice.key, datasets[0].id)).toBe('hello\nworld\n');
  });

  it('sniffs the type with file_type auto, converts spaces to tabs and line endings when asked', async () => {
    const { datasets } = await finished(
      await upload({ 'files_0|url_paste': 'a  1\r\nb 2\r\n', 'files_0|type': 'upload_dataset', 'files_0|space_to_tab': 'Yes', 'files_0|to_posix_lines': 'Yes', file_type: 'auto' }),
    );
    expect(datasets[0]).toEqual(expect.objectContaining({ name: 'Pasted Entry', extension: 'tabular', metadata_columns: 2 }));
    expect(await datasetText(h, alice.key, datasets[0].id)).toBe('a\t1\nb\t2\n');
  });

  it('refuses an empty upload form', async () => {
    expectError(await upload({ 'files_0|url_paste': '', 'files_0|type': 'upload_dataset', file_type: 'txt' }), 400, 400008);
  });
});

describe('POST /api/tools with upload1: URLs', () => {
  it('fetches each pasted URL into its own dataset, named after the URL', async () => {
    const res = await upload({ 'files_0|url_paste': `${filesUrl}/table.tsv\n${filesUrl}/table.tsv`, 'files_0|type': 'upload_dataset', file_type: 'auto' });
    expect(res.body.outputs).toHaveLength(2);
    const { job, datasets } = await finished(res);
    expect(job.state).toBe('ok');
    expect(datasets.map((dataset) => dataset.name)).toEqual([`${filesUrl}/table.tsv`, `${filesUrl}/table.tsv`]);
    expect(datasets[0]).toEqual(expect.objectContaining({ extension: 'tabular', state: 'ok' }));
    expect(await datasetText(h, alice.key, datasets[1].id)).toBe('x\t1\ny\t2\n');
  });

  it('ends in error for a URL that answers 404 or is larger than the limit', async () => {
    const missing = await finished(await upload({ 'files_0|url_paste': `${filesUrl}/missing.txt`, 'files_0|type': 'upload_dataset', file_type: 'txt' }));
    expect(missing.job.state).toBe('error');
    expect(missing.datasets[0].state).toBe('error');
    expect(missing.datasets[0].misc_info).toMatch(/404/);
    const big = await finished(await upload({ 'files_0|url_paste': `${filesUrl}/big.txt`, 'files_0|type': 'upload_dataset', file_type: 'txt' }));
    expect(big.job.state).toBe('error');
    expect(big.datasets[0].misc_info).toMatch(/larger than/);
  });

  it('fails only the dataset of a URL that cannot be fetched; the others reach ok', async () => {
    const res = await upload({ 'files_0|url_paste': `${filesUrl}/table.tsv\n${filesUrl}/missing.txt`, 'files_0|type': 'upload_dataset', file_type: 'auto' });
    const { job, datasets } = await finished(res);
    expect(job.state).toBe('ok');
    expect(datasets.map((dataset) => dataset.state)).toEqual(['ok', 'error']);
    expect(datasets[0].misc_info ?? '').not.toMatch(/404/);
    expect(datasets[1].misc_info).toBe(`Fetching ${filesUrl}/missing.txt failed: HTTP 404.`);
  });
});

describe('POST /api/tools with upload1: multipart files', () => {
  const multipart = () => h.api.post('/api/tools').field('key', alice.key).field('tool_id', 'upload1').field('history_id', historyId);

  it('stores the file part files_0|file_data, named after the file', async () => {
    const res = await multipart()
      .field('inputs', JSON.stringify({ 'files_0|type': 'upload_dataset', file_type: 'auto', dbkey: '?' }))
      .attach('files_0|file_data', Buffer.from('>seq1\nACGT\n>seq2\nGGCC\n'), 'reads.fasta');
    const { job, datasets } = await finished(res);
    expect(job.state).toBe('ok');
    expect(datasets[0]).toEqual(expect.objectContaining({ name: 'reads.fasta', extension: 'fasta', file_size: 22 }));
    expect(await datasetText(h, alice.key, datasets[0].id)).toBe('>seq1\nACGT\n>seq2\nGGCC\n');
  });

  it('merges flat files_* form fields into the inputs, as the platform does', async () => {
    const res = await multipart().field('inputs', JSON.stringify({ file_type: 'txt' })).field('files_0|url_paste', 'flat field\n').field('files_0|NAME', 'flat.txt');
    const { job, datasets } = await finished(res);
    expect(job.state).toBe('ok');
    expect(datasets[0]).toEqual(expect.objectContaining({ name: 'flat.txt', extension: 'txt' }));
    expect(await datasetText(h, alice.key, datasets[0].id)).toBe('flat field\n');
  });

  it('takes several files, and opens gzip', async () => {
    const res = await multipart()
      .field('inputs', JSON.stringify({ 'files_0|type': 'upload_dataset', 'files_1|type': 'upload_dataset', file_type: 'txt' }))
      .attach('files_0|file_data', Buffer.from('first\n'), 'first.txt')
      .attach('files_1|file_data', gzipSync(Buffer.from('second\n')), 'second.txt.gz');
    const { datasets } = await finished(res);
    expect(datasets.map((dataset) => dataset.name)).toEqual(['first.txt', 'second.txt.gz']);
    expect(await datasetText(h, alice.key, datasets[0].id)).toBe('first\n');
    expect(await datasetText(h, alice.key, datasets[1].id)).toBe('second\n');
  });

  it('keeps the bytes of binary content that a text sniffer takes for a sequence (no line ending converted)', async () => {
    // Begins like FASTA, then holds NUL and high bytes: binary, as the upload tool checks it first.
    const bytes = Buffer.concat([Buffer.from('>seq1\r\nACGT\r\n'), Buffer.from([0, 1, 2, 0xff, 0xfe, 13, 10, 7, 8, 13, 10]), Buffer.from('tail\r\n')]);
    const res = await multipart()
      .field('inputs', JSON.stringify({ 'files_0|type': 'upload_dataset', 'files_0|to_posix_lines': 'Yes', file_type: 'data' }))
      .attach('files_0|file_data', bytes, 'noise.bin');
    const { job, datasets } = await finished(res);
    expect(job.state).toBe('ok');
    expect(datasets[0].file_size).toBe(bytes.length);
    const download = await h.api.get(`/api/datasets/${datasets[0].id}/display`).query({ key: alice.key }).buffer(true).parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(Buffer.compare(download.body as Buffer, bytes)).toBe(0);
  });

  it('refuses a file over the upload limit', async () => {
    const res = await multipart()
      .field('inputs', JSON.stringify({ 'files_0|type': 'upload_dataset', file_type: 'txt' }))
      .attach('files_0|file_data', Buffer.alloc(LIMIT + 1, 'a'), 'huge.txt');
    expectError(res, 400, 400008);
    expect(res.body.err_msg).toMatch(/larger than the limit/);
  });
});

describe('runTool mutation with a GraphQL multipart upload', () => {
  const MUTATION = 'mutation ($input: RunToolInput!) { runTool(input: $input) { outputs { name dataset { id name state } } jobs { id state } } }';

  function graphqlUpload(content: Buffer, options: { preflight?: boolean } = {}) {
    const operations = {
      query: MUTATION,
      variables: { input: { toolId: 'upload1', historyId, inputs: { 'files_0|type': 'upload_dataset', file_type: 'txt' }, files: [{ name: 'files_0|file_data', file: null }] } },
    };
    const req = h.api.post('/graphql').set('x-api-key', alice.key);
    if (options.preflight !== false) req.set('apollo-require-preflight', 'true');
    return req
      .field('operations', JSON.stringify(operations))
      .field('map', JSON.stringify({ 0: ['variables.input.files.0.file'] }))
      .attach('0', content, 'from-graphql.txt');
  }

  it('uploads the file part into a new dataset', async () => {
    const res = await graphqlUpload(Buffer.from('through graphql\n'));
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const run = res.body.data.runTool;
    expect(run.outputs[0]).toEqual({ name: 'output0', dataset: expect.objectContaining({ name: 'from-graphql.txt', state: 'queued' }) });
    expect((await waitForJob(h, alice.key, run.jobs[0].id)).state).toBe('ok');
    expect(await datasetText(h, alice.key, run.outputs[0].dataset.id)).toBe('through graphql\n');
  });

  it('refuses a file over the limit', async () => {
    const before = (await h.api.get(`/api/histories/${historyId}/contents`).query({ key: alice.key })).body.length;
    const res = await graphqlUpload(Buffer.alloc(LIMIT + 10, 'b'));
    expect(res.body.errors?.[0]?.extensions?.code).toBe('RequestParameterInvalidException');
    expect(res.body.data?.runTool ?? null).toBeNull();
    expect((await h.api.get(`/api/histories/${historyId}/contents`).query({ key: alice.key })).body).toHaveLength(before);
  });

  it('needs the apollo-require-preflight header (CSRF guard)', async () => {
    const res = await graphqlUpload(Buffer.from('x'), { preflight: false });
    expect(res.status).toBe(400);
  });
});

describe('upload store', () => {
  it('keeps no received file once the uploads have run or were refused', async () => {
    // a refused REST run (bad parameters) does not keep its file either
    const refused = await h.api
      .post('/api/tools')
      .field('key', alice.key)
      .field('tool_id', 'upload1')
      .field('history_id', 'not-an-id')
      .field('inputs', JSON.stringify({ 'files_0|type': 'upload_dataset', file_type: 'txt' }))
      .attach('files_0|file_data', Buffer.from('x'), 'x.txt');
    expectError(refused, 400, 400009);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readdirSync(h.platform.services.layout.uploadStore)).toEqual([]);
  });
});

describe('POST /api/tools with upload1: a client that goes away mid-upload', () => {
  it('leaves no partial file in the upload store', async () => {
    const server = h.platform.http.app.listen(0);
    const { port } = server.address() as AddressInfo;
    const before = readdirSync(h.platform.services.layout.uploadStore).length;
    const boundary = 'cut-short-boundary';
    await new Promise<void>((resolve) => {
      const req = httpRequest({ port, method: 'POST', path: `/api/tools?key=${alice.key}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      req.on('error', () => resolve());
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="tool_id"\r\n\r\nupload1\r\n`);
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files_0|file_data"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`);
      req.write(Buffer.alloc(256 * 1024, 'a'), () => setTimeout(() => {
        req.destroy();
        resolve();
      }, 200));
    });
    await eventually(async () => readdirSync(h.platform.services.layout.uploadStore).length === before, 5000, 'the partial file to be removed');
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});
