import { createHistory, uploadFile, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, sql } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { tinyPng } from '../support/tiny-png';
import { patient } from '../support/patience';

/**
 * A history dataset's content through the graph (what the web UI's dataset page shows): its display
 * kind from the datatype registry, its lines in chunks, a tabular dataset's columns, its display and
 * download addresses; read by the rules of the REST display route.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let historyId: string;

const numbered = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`);

/** A GraphQL request as `caller` (an API key, or nobody). */
const gql = async (caller: TestUser | null, query: string, variables: Record<string, unknown> = {}) => {
  const req = h.api.post('/graphql');
  if (caller) req.set('x-api-key', caller.key);
  const res = await req.send({ query, variables });
  return res.body as { data?: Record<string, never> | null; errors?: Array<{ message: string; extensions: { code: string }; path: string[] }> };
};

/** The data of a request that must succeed. */
const ok = async (caller: TestUser | null, query: string, variables: Record<string, unknown> = {}) => {
  const body = await gql(caller, query, variables);
  expect(body.errors).toBeUndefined();
  return body.data as Record<string, Record<string, unknown>>;
};

const CHUNK = 'query ($id: ID!, $offset: Int, $limit: Int) { dataset(id: $id) { contents(offset: $offset, limit: $limit) { firstLine lines hasMore byteSize } } }';
const COLUMNS = 'query ($id: ID!) { dataset(id: $id) { displayKind columnNames columnCount columnDelimiter } }';

async function uploaded(content: string, fileType: string, name: string): Promise<string> {
  const upload = await uploadText(h, alice.key, historyId, content, { fileType, name });
  expect((await waitForJob(h, alice.key, upload.jobId)).state).toBe('ok');
  return upload.datasetId;
}

let textId: string;
let textBytes: number;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('contents-alice');
  bob = await h.newUser('contents-bob');
  historyId = await createHistory(h, alice.key, 'contents');
  const text = `${numbered(450).join('\n')}\n`;
  textBytes = Buffer.byteLength(text);
  textId = await uploaded(text, 'txt', 'lines.txt');
}, patient(120_000));
afterAll(() => h.close());

describe('a text dataset read in chunks of lines', () => {
  it('gives its first 200 lines by default, numbered from 1, and says more follow', async () => {
    const { dataset } = await ok(alice, CHUNK, { id: textId });
    expect(dataset.contents).toEqual({ firstLine: 1, lines: numbered(200), hasMore: true, byteSize: textBytes });
  });

  it('gives the next chunk from an offset', async () => {
    const { dataset } = await ok(alice, CHUNK, { id: textId, offset: 200, limit: 200 });
    expect(dataset.contents).toEqual({ firstLine: 201, lines: numbered(400).slice(200), hasMore: true, byteSize: textBytes });
  });

  it('ends with the last lines and nothing more, and an offset past the end gives no lines', async () => {
    const last = (await ok(alice, CHUNK, { id: textId, offset: 400, limit: 200 })).dataset.contents;
    expect(last).toEqual({ firstLine: 401, lines: numbered(450).slice(400), hasMore: false, byteSize: textBytes });
    const past = (await ok(alice, CHUNK, { id: textId, offset: 450 })).dataset.contents;
    expect(past).toEqual({ firstLine: 451, lines: [], hasMore: false, byteSize: textBytes });
  });

  it('refuses a limit over 1000, a limit under 1 and a negative offset with a clear error', async () => {
    for (const [variables, message] of [
      [{ limit: 1001 }, 'limit must be a whole number of lines from 1 to 1000'],
      [{ limit: 0 }, 'limit must be a whole number of lines from 1 to 1000'],
      [{ offset: -1 }, 'offset must be a whole number of lines, 0 or more'],
    ] as const) {
      const body = await gql(alice, CHUNK, { id: textId, ...variables });
      expect(body.errors?.[0]).toEqual(expect.objectContaining({ message, extensions: expect.objectContaining({ code: 'RequestParameterInvalidException' }) }));
    }
  });

  it('cuts a line over 64 KB (the rest of it is skipped, not held) and goes on with the next line', async () => {
    const id = await uploaded(`${'x'.repeat(200_000)}\nafter\n`, 'txt', 'long.txt');
    const { dataset } = await ok(alice, CHUNK, { id, limit: 5 });
    const { lines } = dataset.contents as { lines: string[] };
    expect(lines.map((line) => line.length)).toEqual([64 * 1024, 5]);
    expect(lines[1]).toBe('after');
  });

  it('is TEXT, with no columns', async () => {
    const { dataset } = await ok(alice, COLUMNS, { id: textId });
    expect(dataset).toEqual({ displayKind: 'TEXT', columnNames: null, columnCount: null, columnDelimiter: null });
  });
  it('is HTML for an html dataset (the web UI shows it in a sandboxed frame), whose lines can still be read as text', async () => {
    const id = await uploaded('<h1>Report</h1>\n<script>alert(1)</script>\n', 'html', 'report.html');
    const { dataset } = await ok(alice, 'query ($id: ID!) { dataset(id: $id) { displayKind contents { lines } } }', { id });
    expect(dataset).toEqual({ displayKind: 'HTML', contents: { lines: ['<h1>Report</h1>', '<script>alert(1)</script>'] } });
  });
});

describe("a tabular dataset's columns", () => {
  it("are named by the metadata's column_names (as tools that name their columns set them)", async () => {
    const id = await uploaded('a\t1\t0.5\nb\t2\t1.5\n', 'tabular', 'named.tabular');
    await sql(h, `update history_dataset_association set metadata = metadata || '{"column_names": ["key", "count", "ratio"]}'::jsonb where id = ?`, [decoded(h, id)]);
    const { dataset } = await ok(alice, COLUMNS, { id });
    expect(dataset).toEqual({ displayKind: 'TABULAR', columnNames: ['key', 'count', 'ratio'], columnCount: 3, columnDelimiter: '\t' });
  });

  it("are named by a leading '#' header line when the metadata names none", async () => {
    const id = await uploaded('#gene\tsample one\tscore\nBRCA1\t3\t0.1\nTP53\t5\t0.7\n', 'tabular', 'header.tabular');
    const { dataset } = await ok(alice, COLUMNS, { id });
    expect(dataset).toEqual({ displayKind: 'TABULAR', columnNames: ['gene', 'sample one', 'score'], columnCount: 3, columnDelimiter: '\t' });
  });

  it("take the last '#' line before the data, not the '##' meta lines (as in VCF)", async () => {
    const id = await uploaded('##fileformat=VCFv4.2\n#CHROM\tPOS\tID\nchr1\t10\trs1\n', 'tabular', 'meta.tabular');
    expect((await ok(alice, COLUMNS, { id })).dataset.columnNames).toEqual(['CHROM', 'POS', 'ID']);
  });

  it('are unnamed without either, and counted from the metadata', async () => {
    const id = await uploaded('x\t1\ny\t2\n', 'tabular', 'plain.tabular');
    expect((await ok(alice, COLUMNS, { id })).dataset).toEqual({ displayKind: 'TABULAR', columnNames: null, columnCount: 2, columnDelimiter: '\t' });
  });

  it('of the Tabular family (bed) are tabular too, and their lines are text', async () => {
    const id = await uploaded('chr1\t10\t20\tfeature\n', 'bed', 'regions.bed');
    const { dataset } = await ok(alice, `query ($id: ID!) { dataset(id: $id) { displayKind columnCount contents { lines hasMore } } }`, { id });
    expect(dataset).toEqual({ displayKind: 'TABULAR', columnCount: 4, contents: { lines: ['chr1\t10\t20\tfeature'], hasMore: false } });
  });
});

describe('an image', () => {
  let pngId: string;
  beforeAll(async () => {
    const upload = await uploadFile(h, alice.key, historyId, tinyPng(), 'dot.png', 'png');
    expect((await waitForJob(h, alice.key, upload.jobId)).state).toBe('ok');
    pngId = upload.datasetId;
  });

  it('is IMAGE, with the display route as its display and download addresses', async () => {
    const { dataset } = await ok(alice, 'query ($id: ID!) { dataset(id: $id) { displayKind displayUrl downloadUrl columnNames } }', { id: pngId });
    expect(dataset).toEqual({ displayKind: 'IMAGE', displayUrl: `/api/datasets/${pngId}/display`, downloadUrl: `/api/datasets/${pngId}/display?to_ext=png`, columnNames: null });
    const shown = await h.api.get(dataset.displayUrl as string).query({ key: alice.key });
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
  });

  it('is not text: its lines are refused, not sent as garbage', async () => {
    const body = await gql(alice, CHUNK, { id: pngId });
    expect(body.data).toEqual({ dataset: { contents: null } });
    expect(body.errors?.[0].message).toBe('The dataset is not text: its datatype (png) is image; display or download it instead.');
  });
});

describe("who may read a dataset's contents (the display route's rules)", () => {
  let privateId: string;
  let publicId: string;
  let sharedHistoryId: string;
  let carol: TestUser;

  beforeAll(async () => {
    carol = await h.newUser('contents-carol');
    sharedHistoryId = await createHistory(h, alice.key, 'shared with bob');
    const open = await uploadText(h, alice.key, sharedHistoryId, 'open to all\n', { fileType: 'txt', name: 'open.txt' });
    const closed = await uploadText(h, alice.key, sharedHistoryId, 'for alice only\n', { fileType: 'txt', name: 'closed.txt' });
    await waitForJob(h, alice.key, open.jobId);
    await waitForJob(h, alice.key, closed.jobId);
    publicId = open.datasetId;
    privateId = closed.datasetId;
    expect((await h.api.put(`/api/datasets/${privateId}/permissions`).query({ key: alice.key }).send({ action: 'make_private' })).status).toBe(200);
    expect((await h.api.put(`/api/histories/${sharedHistoryId}/share_with_users`).query({ key: alice.key }).send({ user_ids: [bob.email] })).status).toBe(200);
  });

  const displayStatus = async (caller: TestUser | null, id: string) => (await h.api.get(`/api/datasets/${id}/display`).query(caller ? { key: caller.key } : {})).status;

  it('refuses a private dataset to an anonymous caller and to another user, as the display route does', async () => {
    for (const caller of [null, carol]) {
      const body = await gql(caller, CHUNK, { id: privateId });
      expect(body.errors?.[0].extensions.code).toBe('ItemAccessibilityException');
      expect(await displayStatus(caller, privateId)).toBe(403);
    }
  });

  it('gives a private dataset to its owner and to an administrator', async () => {
    for (const caller of [alice, h.admin]) {
      expect((await ok(caller, CHUNK, { id: privateId })).dataset.contents).toEqual(expect.objectContaining({ lines: ['for alice only'] }));
      expect(await displayStatus(caller, privateId)).toBe(200);
    }
  });

  it('gives a dataset without access roles (public, the default) to anyone who has its id, anonymous included', async () => {
    for (const caller of [null, carol]) {
      expect((await ok(caller, CHUNK, { id: publicId })).dataset.contents).toEqual(expect.objectContaining({ lines: ['open to all'] }));
      expect(await displayStatus(caller, publicId)).toBe(200);
    }
  });

  it("lets the sharee of a history read its datasets' lines through its listing, except one whose access roles they lack", async () => {
    // Sharing a history does not lift its datasets' own access roles (as on the platform 15.05).
    const body = await gql(bob, 'query ($historyId: ID!) { historyContents(historyId: $historyId) { name contents { lines } } }', { historyId: sharedHistoryId });
    const items = body.data?.historyContents as unknown as Array<{ name: string; contents: { lines: string[] } | null }>;
    expect(items.map((item) => [item.name, item.contents])).toEqual([
      ['open.txt', { lines: ['open to all'] }],
      ['closed.txt', null],
    ]);
    expect(body.errors).toEqual([expect.objectContaining({ message: 'Dataset is not accessible by the current user', path: ['historyContents', 1, 'contents'] })]);
    expect(await displayStatus(bob, publicId)).toBe(200);
    expect(await displayStatus(bob, privateId)).toBe(403);
  });

  it("refuses the header of a private tabular dataset to a sharee as its lines (the file is not read for them)", async () => {
    const upload = await uploadText(h, alice.key, sharedHistoryId, '#a\tb\n1\t2\n', { fileType: 'tabular', name: 'private.tabular' });
    await waitForJob(h, alice.key, upload.jobId);
    await h.api.put(`/api/datasets/${upload.datasetId}/permissions`).query({ key: alice.key }).send({ action: 'make_private' });
    const query = 'query ($historyId: ID!, $ids: [ID!]) { historyContents(historyId: $historyId, ids: $ids) { name columnNames } }';
    const body = await gql(bob, query, { historyId: sharedHistoryId, ids: [upload.datasetId] });
    expect(body.data?.historyContents).toEqual([{ name: 'private.tabular', columnNames: null }]);
    expect(body.errors?.[0].extensions.code).toBe('ItemAccessibilityException');
    expect((await ok(alice, query, { historyId: sharedHistoryId, ids: [upload.datasetId] })).historyContents).toEqual([{ name: 'private.tabular', columnNames: ['a', 'b'] }]);
  });
});
