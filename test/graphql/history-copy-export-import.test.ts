import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { binary, eventually, serveOnce } from '../support/history-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * The graph behind the histories screens (issue 34, item 5): Copy History with all datasets or only
 * the active ones, an export followed to its download, and imports of an archive (an uploaded file or
 * a URL) followed until the new history exists; each for its owner only.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type Answer = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions: { code: string } }> };

async function gql(key: string, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  return (await h.api.post('/graphql').set('x-api-key', key).send({ query, variables })).body as Answer;
}

async function ok<T>(key: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await gql(key, query, variables);
  expect(answer.errors).toBeUndefined();
  return answer.data as T;
}

/** A history of the user with two datasets, the first one deleted. */
async function historyWithDeletedDataset(user: TestUser, name: string): Promise<{ historyId: string; kept: string; deleted: string }> {
  const historyId = await createHistory(h, user.key, name);
  const first = await uploadText(h, user.key, historyId, 'first\n', { name: 'first.txt', fileType: 'txt' });
  const second = await uploadText(h, user.key, historyId, 'second\n', { name: 'second.txt', fileType: 'txt' });
  await waitForJob(h, user.key, first.jobId);
  await waitForJob(h, user.key, second.jobId);
  const res = await h.api.delete(`/api/histories/${historyId}/contents/${first.datasetId}`).query({ key: user.key });
  expect(res.status).toBe(200);
  return { historyId, kept: 'second.txt', deleted: 'first.txt' };
}

/** A history's datasets (deleted ones too) by hid: name and whether deleted. */
async function contents(key: string, historyId: string): Promise<Array<{ name: string; deleted: boolean }>> {
  const res = await h.api.get(`/api/histories/${historyId}/contents`).query({ key, v: 'dev', keys: 'name,deleted,hid' });
  expect(res.status).toBe(200);
  return (res.body as Array<{ name: string; deleted: boolean; hid: number }>).sort((a, b) => a.hid - b.hid).map(({ name, deleted }) => ({ name, deleted }));
}

const COPY = 'mutation ($id: ID!, $name: String, $all: Boolean) { createHistory(input: { copyFrom: $id, name: $name, allDatasets: $all }) { id name } }';
const EXPORT = 'mutation ($id: ID!) { exportHistory(id: $id) { ready exportId downloadUrl } }';
const EXPORT_PROGRESS = 'query ($historyId: ID!, $exportId: ID!) { historyExport(historyId: $historyId, exportId: $exportId) { exportId state downloadUrl fileSize error } }';
const IMPORT_URL = 'mutation ($url: String) { importHistoryArchive(url: $url) { id state source historyId error } }';
const IMPORT_FILE = 'mutation ($file: Upload) { importHistoryArchive(file: $file) { id state source historyId error } }';
const IMPORT_PROGRESS = 'query ($id: ID!) { historyImport(id: $id) { id state source historyId datasets error } }';

type ImportProgress = { id: string; state: string; source: string; historyId: string | null; datasets: number | null; error: string | null };

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
});
afterAll(() => h.close());

describe('Copy History: all datasets or only the active ones', () => {
  it('copies only the active datasets by default, named as asked', async () => {
    const source = await historyWithDeletedDataset(alice, 'to copy');
    const { createHistory: copy } = await ok<{ createHistory: { id: string; name: string } }>(alice.key, COPY, { id: source.historyId, name: "Copy of 'to copy'" });
    expect(copy.name).toBe("Copy of 'to copy'");
    expect(await contents(alice.key, copy.id)).toEqual([{ name: source.kept, deleted: false }]);
  });

  it('with allDatasets, copies the deleted datasets too, still deleted', async () => {
    const source = await historyWithDeletedDataset(alice, 'to copy whole');
    const { createHistory: copy } = await ok<{ createHistory: { id: string } }>(alice.key, COPY, { id: source.historyId, all: true });
    expect(await contents(alice.key, copy.id)).toEqual([
      { name: source.deleted, deleted: true },
      { name: source.kept, deleted: false },
    ]);
  });

  it('refuses a history the caller may not read', async () => {
    const source = await historyWithDeletedDataset(alice, 'private');
    const answer = await gql(bob.key, COPY, { id: source.historyId, all: true });
    expect(answer.errors?.[0].extensions.code).toBe('ItemAccessibilityException');
  });
});

/** Exports a history and follows the export until its archive is ready; answers its download address. */
async function exportReady(key: string, historyId: string): Promise<string> {
  const { exportHistory } = await ok<{ exportHistory: { exportId: string } }>(key, EXPORT, { id: historyId });
  const progress = await eventually(async () => {
    const { historyExport } = await ok<{ historyExport: { state: string; downloadUrl: string | null; fileSize: number | null; error: string | null } }>(key, EXPORT_PROGRESS, {
      historyId,
      exportId: exportHistory.exportId,
    });
    expect(['queued', 'running', 'ok']).toContain(historyExport.state);
    return historyExport.state === 'ok' ? historyExport : undefined;
  }, 30000, 'the export');
  expect(progress.downloadUrl).toBe(`/api/histories/${historyId}/exports/${exportHistory.exportId}`);
  expect(progress.fileSize).toBeGreaterThan(0);
  return progress.downloadUrl as string;
}

async function download(key: string, url: string): Promise<Buffer> {
  const res = await h.api.get(url).query({ key }).buffer(true).parse(binary);
  expect(res.status).toBe(200);
  return res.body as Buffer;
}

describe('historyExport: an export followed to its download', () => {
  it('goes from queued to ok with the address of its archive', async () => {
    const { historyId } = await historyWithDeletedDataset(alice, 'exported');
    const archive = await download(alice.key, await exportReady(alice.key, historyId));
    expect(archive.length).toBeGreaterThan(0);
  });

  it("is not shown to another user, nor is an unknown export", async () => {
    const { historyId } = await historyWithDeletedDataset(alice, 'exported privately');
    const { exportHistory } = await ok<{ exportHistory: { exportId: string } }>(alice.key, EXPORT, { id: historyId });
    const other = await gql(bob.key, EXPORT_PROGRESS, { historyId, exportId: exportHistory.exportId });
    expect(other.errors?.[0].extensions.code).toBe('ItemOwnershipException');
    const unknown = await gql(alice.key, EXPORT_PROGRESS, { historyId, exportId: 'f7bb1edd6b95db62' });
    expect(unknown.errors?.[0].extensions.code).toBe('ObjectNotFound');
  });
});

/** Sends an archive as an upload of the graph's multipart request. */
async function importFile(key: string, archive: Buffer, filename: string): Promise<Answer> {
  const res = await h.api
    .post('/graphql')
    .set('x-api-key', key)
    .set('apollo-require-preflight', 'true')
    .field('operations', JSON.stringify({ query: IMPORT_FILE, variables: { file: null } }))
    .field('map', JSON.stringify({ 0: ['variables.file'] }))
    .attach('0', archive, filename);
  return res.body as Answer;
}

async function importOver(key: string, id: string): Promise<ImportProgress> {
  return eventually(async () => {
    const { historyImport } = await ok<{ historyImport: ImportProgress }>(key, IMPORT_PROGRESS, { id });
    return historyImport.state === 'done' || historyImport.state === 'failed' ? historyImport : undefined;
  }, 30000, 'the import');
}

describe('importHistoryArchive: an archive imported and followed until its history exists', () => {
  let archive: Buffer;
  beforeAll(async () => {
    const { historyId } = await historyWithDeletedDataset(alice, 'round trip');
    archive = await download(alice.key, await exportReady(alice.key, historyId));
  });

  it('imports an uploaded archive: done, with the new history and its datasets', async () => {
    const answer = await importFile(alice.key, archive, 'round-trip.tar.gz');
    expect(answer.errors).toBeUndefined();
    const started = (answer.data as { importHistoryArchive: ImportProgress }).importHistoryArchive;
    expect(started).toMatchObject({ state: 'queued', source: 'round-trip.tar.gz', historyId: null });
    const over = await importOver(alice.key, started.id);
    expect(over).toMatchObject({ state: 'done', datasets: 1, error: null });
    const history = await h.api.get(`/api/histories/${over.historyId}`).query({ key: alice.key });
    expect(history.body.name).toBe('imported from archive: round trip');
    expect(await contents(alice.key, over.historyId as string)).toEqual([{ name: 'second.txt', deleted: false }]);
  });

  it('imports an archive from a URL', async () => {
    const server = await serveOnce(archive);
    try {
      const { importHistoryArchive } = await ok<{ importHistoryArchive: ImportProgress }>(alice.key, IMPORT_URL, { url: server.url });
      const over = await importOver(alice.key, importHistoryArchive.id);
      expect(over).toMatchObject({ state: 'done', datasets: 1, source: server.url });
    } finally {
      await server.close();
    }
  });

  it('says why a file that is no archive failed, once, leaving no history', async () => {
    const before = (await h.api.get('/api/histories').query({ key: alice.key })).body.length;
    const answer = await importFile(alice.key, Buffer.from('not an archive at all\n'), 'notes.txt');
    const started = (answer.data as { importHistoryArchive: ImportProgress }).importHistoryArchive;
    const over = await importOver(alice.key, started.id);
    expect(over.state).toBe('failed');
    expect(over.error).toEqual(expect.any(String));
    expect(over.error?.length).toBeGreaterThan(5);
    expect((await h.api.get('/api/histories').query({ key: alice.key })).body.length).toBe(before);
  });

  it('refuses a URL that is not http(s) at once, and an empty request', async () => {
    const bad = await gql(alice.key, IMPORT_URL, { url: 'ftp://example.org/x.tar.gz' });
    expect(bad.errors?.[0].extensions.code).toBe('RequestParameterInvalidException');
    const none = await gql(alice.key, IMPORT_URL, {});
    expect(none.errors?.[0].extensions.code).toBe('RequestParameterMissingException');
  });

  it("shows an import to its user only", async () => {
    const answer = await importFile(alice.key, archive, 'mine.tar.gz');
    const started = (answer.data as { importHistoryArchive: ImportProgress }).importHistoryArchive;
    const other = await gql(bob.key, IMPORT_PROGRESS, { id: started.id });
    expect(other.errors?.[0].extensions.code).toBe('ObjectNotFound');
    await importOver(alice.key, started.id);
  });
});
