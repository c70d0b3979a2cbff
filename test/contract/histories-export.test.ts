import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHistory, datasetText, uploadText, waitForJob } from '../support/data-helpers';
import {
  anonymousSession,
  type AnonymousSession,
  binary,
  eventually,
  MALFORMED_ID,
  serveOnce,
  tarMembers,
  UNKNOWN_ID,
  waitForExport,
} from '../support/history-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let anon: AnonymousSession;
/** Alice's history 'for_export': a tabular, a hidden text, a deleted text; tagged and annotated. */
let historyId: string;
let datasets: { table: string; hidden: string; deleted: string };

const TABLE = 'chr1\t100\t200\nchr2\t300\t400\n';
const HIDDEN = 'hidden text\n';
const DELETED = 'deleted text\n';

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  anon = await anonymousSession(h);
  historyId = await createHistory(h, alice.key, 'for_export');
  const uploads = [
    await uploadText(h, alice.key, historyId, TABLE, { fileType: 'tabular', name: 'regions' }),
    await uploadText(h, alice.key, historyId, HIDDEN, { fileType: 'txt', name: 'hidden one' }),
    await uploadText(h, alice.key, historyId, DELETED, { fileType: 'txt', name: 'deleted one' }),
  ];
  for (const upload of uploads) await waitForJob(h, alice.key, upload.jobId);
  datasets = { table: uploads[0].datasetId, hidden: uploads[1].datasetId, deleted: uploads[2].datasetId };
  await h.api.put(`/api/histories/${historyId}/contents/${datasets.hidden}`).send({ key: alice.key, visible: false });
  await h.api.delete(`/api/histories/${historyId}/contents/${datasets.deleted}`).query({ key: alice.key });
  await h.api.put(`/api/histories/${historyId}`).send({ key: alice.key, annotation: 'exported <b>work</b>', tags: ['project:export', 'final'], genome_build: 'hg19' });
});
afterAll(() => h.close());

type Item = Record<string, unknown>;
const exportOf = (id: string, query: Record<string, string> = {}, key = alice.key) => h.api.put(`/api/histories/${id}/exports`).query({ key, ...query });
const download = (url: string, key = alice.key) => h.api.get(url).query({ key }).buffer(true).parse(binary);
const jsonMember = (members: Map<string, Buffer>, name: string) => JSON.parse(members.get(name)?.toString('utf8') ?? 'null');

describe('PUT /api/histories/{id}/exports', () => {
  let firstUrl: string;

  it('answers 202 with the JSON string "" while the archive is prepared, then 200 {download_url}', async () => {
    const res = await exportOf(historyId);
    expect(res.status).toBe(202);
    expect(res.text).toBe('""');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    firstUrl = await waitForExport(h, alice.key, historyId);
    expect(firstUrl).toMatch(new RegExp(`^/api/histories/${historyId}/exports/[0-9a-f]{16}$`));
    const ready = await exportOf(historyId);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ download_url: firstUrl });
  });

  it('answers the same archive while the history is unchanged', async () => {
    const again = await exportOf(historyId);
    expect(again.status).toBe(200);
    expect(again.body.download_url).toBe(firstUrl);
  });

  it('rebuilds when force is present, whatever its value', async () => {
    const forced = await exportOf(historyId, { force: 'false' });
    expect(forced.status).toBe(202);
    expect(forced.text).toBe('""');
    const url = await waitForExport(h, alice.key, historyId);
    expect(url).not.toBe(firstUrl);
    firstUrl = url;
  });

  it('rebuilds once the history changed', async () => {
    const id = await createHistory(h, alice.key, 'changing');
    const first = await uploadText(h, alice.key, id, 'one\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, first.jobId);
    const before = await waitForExport(h, alice.key, id);
    const second = await uploadText(h, alice.key, id, 'two\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, second.jobId);
    expect((await exportOf(id)).status).toBe(202);
    const after = await waitForExport(h, alice.key, id);
    expect(after).not.toBe(before);
    const members = await tarMembers((await download(after)).body as Buffer);
    expect(jsonMember(members, 'datasets_attrs.txt')).toHaveLength(2);
    await h.api.put(`/api/histories/${id}`).send({ key: alice.key, name: 'changed name' });
    expect((await exportOf(id)).status).toBe(202);
    const renamed = await tarMembers((await download(await waitForExport(h, alice.key, id))).body as Buffer);
    expect(jsonMember(renamed, 'history_attrs.txt').name).toBe('changed name');
  });

  it('rebuilds once a tag was added through the tags route', async () => {
    const id = await createHistory(h, alice.key, 'tagged later');
    await waitForExport(h, alice.key, id);
    expect((await h.api.post(`/api/histories/${id}/tags/late`).send({ key: alice.key, value: 'tag' })).status).toBe(200);
    expect((await exportOf(id)).status).toBe(202);
    const members = await tarMembers((await download(await waitForExport(h, alice.key, id))).body as Buffer);
    expect(jsonMember(members, 'history_attrs.txt').tags).toEqual(['late:tag']);
  });

  it('exports an empty history', async () => {
    const id = await createHistory(h, alice.key, 'nothing inside');
    const members = await tarMembers((await download(await waitForExport(h, alice.key, id))).body as Buffer);
    expect(jsonMember(members, 'history_attrs.txt').name).toBe('nothing inside');
    expect(jsonMember(members, 'datasets_attrs.txt')).toEqual([]);
  });

  it("lets an administrator export anyone's history", async () => {
    const res = await exportOf(historyId, {}, h.admin.key);
    expect(res.status).toBe(200);
    expect(res.body.download_url).toBe(firstUrl);
  });

  it('refuses another user (403 403003) and anonymous callers (403 403001)', async () => {
    const other = await exportOf(historyId, {}, bob.key);
    expect(other.status).toBe(403);
    expect(other.body.err_code).toBe(403003);
    const none = await h.api.put(`/api/histories/${historyId}/exports`);
    expect(none.status).toBe(403);
    expect(none.body.err_code).toBe(403001);
    const session = await h.api.put(`/api/histories/${anon.historyId}/exports`).set('Cookie', anon.cookie);
    expect(session.status).toBe(403);
    expect(session.body.err_code).toBe(403001);
  });

  it('answers MalformedId and ObjectNotFound for bad ids', async () => {
    const malformed = await exportOf(MALFORMED_ID);
    expect(malformed.status).toBe(400);
    expect(malformed.body.err_code).toBe(400009);
    const unknown = await exportOf(UNKNOWN_ID);
    expect(unknown.status).toBe(404);
    expect(unknown.body.err_code).toBe(404001);
  });
});

describe('GET /api/histories/{id}/exports/{jeha_id}', () => {
  let url: string;
  beforeAll(async () => {
    url = await waitForExport(h, alice.key, historyId);
  });

  it('streams a gzip tar with history_attrs.txt, datasets_attrs.txt and the visible, non-deleted dataset files', async () => {
    const res = await download(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-gzip/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*\.tar\.gz"$/);
    expect([res.headers['x-content-type-options'], res.headers['content-security-policy']]).toEqual(['nosniff', 'sandbox']);
    const archive = res.body as Buffer;
    expect([archive[0], archive[1]]).toEqual([0x1f, 0x8b]);
    const members = await tarMembers(archive);
    expect([...members.keys()]).toEqual(expect.arrayContaining(['history_attrs.txt', 'datasets_attrs.txt']));
    expect(jsonMember(members, 'history_attrs.txt')).toEqual(
      expect.objectContaining({ name: 'for_export', annotation: 'exported <b>work</b>', genome_build: 'hg19', tags: ['project:export', 'final'] }),
    );
    const listed = jsonMember(members, 'datasets_attrs.txt') as Item[];
    expect(listed.map((item) => item.name)).toEqual(['regions']);
    expect(listed[0]).toEqual(expect.objectContaining({ hid: 1, extension: 'tabular', visible: true, deleted: false, exported: true }));
    expect(members.get(listed[0].file_name as string)?.toString('utf8')).toBe(TABLE);
  });

  it('includes hidden and deleted datasets when asked (include_hidden, include_deleted)', async () => {
    expect((await exportOf(historyId, { force: '1', include_hidden: 'True', include_deleted: 'true' })).status).toBe(202);
    const all = await tarMembers((await download(await waitForExport(h, alice.key, historyId))).body as Buffer);
    const listed = jsonMember(all, 'datasets_attrs.txt') as Item[];
    expect(listed.map((item) => [item.name, item.visible, item.deleted])).toEqual([
      ['regions', true, false],
      ['hidden one', false, false],
      ['deleted one', true, true],
    ]);
    expect(listed.map((item) => all.get(item.file_name as string)?.toString('utf8'))).toEqual([TABLE, HIDDEN, DELETED]);
    // only True, true, T and t are true for these flags
    expect((await exportOf(historyId, { force: '1', include_hidden: 'yes', include_deleted: '1' })).status).toBe(202);
    const none = await tarMembers((await download(await waitForExport(h, alice.key, historyId))).body as Buffer);
    expect((jsonMember(none, 'datasets_attrs.txt') as Item[]).map((item) => item.name)).toEqual(['regions']);
  });

  it('writes a plain tar for gzip=False', async () => {
    expect((await exportOf(historyId, { force: '1', gzip: 'False' })).status).toBe(202);
    const res = await download(await waitForExport(h, alice.key, historyId));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-tar/);
    expect(res.headers['content-disposition']).toMatch(/\.tar"$/);
    const archive = res.body as Buffer;
    expect(archive[0]).not.toBe(0x1f);
    expect(archive.subarray(257, 262).toString('latin1')).toBe('ustar');
    expect((await tarMembers(archive)).has('history_attrs.txt')).toBe(true);
  });

  it('lets an administrator download, refuses another user (403 403003) and anonymous callers (403 403001)', async () => {
    expect((await download(url, h.admin.key)).status).toBe(200);
    const other = await h.api.get(url).query({ key: bob.key });
    expect(other.status).toBe(403);
    expect(other.body.err_code).toBe(403003);
    const none = await h.api.get(url);
    expect(none.status).toBe(403);
    expect(none.body.err_code).toBe(403001);
    const session = await h.api.get(url).set('Cookie', anon.cookie);
    expect(session.status).toBe(403);
    expect(session.body.err_code).toBe(403001);
  });

  it('answers MalformedId and ObjectNotFound for bad ids, and for an export of another history', async () => {
    const jeha = url.split('/').pop() as string;
    const malformed = await h.api.get(`/api/histories/${historyId}/exports/${MALFORMED_ID}`).query({ key: alice.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body.err_code).toBe(400009);
    const unknown = await h.api.get(`/api/histories/${historyId}/exports/${UNKNOWN_ID}`).query({ key: alice.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.err_code).toBe(404001);
    const badHistory = await h.api.get(`/api/histories/${MALFORMED_ID}/exports/${jeha}`).query({ key: alice.key });
    expect(badHistory.status).toBe(400);
    expect(badHistory.body.err_code).toBe(400009);
    const otherHistory = await createHistory(h, alice.key, 'no exports');
    const mismatched = await h.api.get(`/api/histories/${otherHistory}/exports/${jeha}`).query({ key: alice.key });
    expect(mismatched.status).toBe(404);
    expect(mismatched.body.err_code).toBe(404001);
  });
});

describe('POST /api/histories with archive_source (import)', () => {
  const names = async (key: string) => ((await h.api.get('/api/histories').query({ key })).body as Item[]).map((item) => item.name);

  it('queues the import, answers {}, and the imported history has the same datasets and contents', async () => {
    expect((await exportOf(historyId, { force: '1', include_hidden: 'true' })).status).toBe(202);
    const archive = (await download(await waitForExport(h, alice.key, historyId))).body as Buffer;
    const server = await serveOnce(archive);
    try {
      expect(await names(bob.key)).not.toContain('imported from archive: for_export');
      const res = await h.api.post('/api/histories').type('form').send({ key: bob.key, archive_source: server.url, archive_type: 'url' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      const imported = await eventually(async () => {
        const list = (await h.api.get('/api/histories').query({ key: bob.key, view: 'detailed' })).body as Item[];
        return list.find((item) => item.name === 'imported from archive: for_export');
      }, 30000, 'the imported history');
      expect(server.requests()).toBe(1);
      expect(imported).toEqual(
        expect.objectContaining({ user_id: bob.id, deleted: false, state: 'ok', annotation: 'exported <b>work</b>', genome_build: 'hg19', tags: ['project:export', 'final'] }),
      );
      const original = ((await h.api.get(`/api/histories/${historyId}/contents`).query({ key: alice.key, view: 'detailed', deleted: 'false' })).body as Item[]);
      const copied = (await h.api.get(`/api/histories/${imported.id}/contents`).query({ key: bob.key, view: 'detailed' })).body as Item[];
      const summary = (items: Item[]) => items.map((item) => [item.hid, item.name, item.extension, item.visible, item.deleted, item.state, item.file_size]);
      expect(summary(copied)).toEqual(summary(original));
      for (let i = 0; i < copied.length; i += 1) {
        expect(await datasetText(h, bob.key, copied[i].id as string)).toBe(await datasetText(h, alice.key, original[i].id as string));
      }
    } finally {
      await server.close();
    }
  });

  it('imports the archive of an empty history', async () => {
    const id = await createHistory(h, alice.key, 'empty for import');
    const archive = (await download(await waitForExport(h, alice.key, id))).body as Buffer;
    const server = await serveOnce(archive);
    try {
      expect((await h.api.post('/api/histories').send({ key: alice.key, archive_source: server.url })).body).toEqual({});
      const imported = await eventually(async () => {
        const list = (await h.api.get('/api/histories').query({ key: alice.key, view: 'detailed' })).body as Item[];
        return list.find((item) => item.name === 'imported from archive: empty for import');
      }, 30000, 'the imported history');
      expect(imported).toEqual(expect.objectContaining({ empty: true, size: 0, state: 'new' }));
    } finally {
      await server.close();
    }
  });

  it('refuses anonymous callers (403 403001)', async () => {
    const none = await h.api.post('/api/histories').send({ archive_source: 'http://127.0.0.1:9/x.tar.gz' });
    expect(none.status).toBe(403);
    expect(none.body.err_code).toBe(403001);
    const session = await h.api.post('/api/histories').set('Cookie', anon.cookie).send({ archive_source: 'http://127.0.0.1:9/x.tar.gz' });
    expect(session.status).toBe(403);
    expect(session.body.err_code).toBe(403001);
  });

  it('refuses an unknown archive_type and a server path when no import directory is configured (400 400008)', async () => {
    const type = await h.api.post('/api/histories').send({ key: alice.key, archive_source: 'http://127.0.0.1:9/x.tar.gz', archive_type: 'ftp' });
    expect(type.status).toBe(400);
    expect(type.body.err_code).toBe(400008);
    const path = await h.api.post('/api/histories').send({ key: alice.key, archive_source: '/etc/passwd' });
    expect(path.status).toBe(400);
    expect(path.body.err_code).toBe(400008);
  });
});

describe('POST /api/histories with archive_source: server paths under HISTORY_IMPORT_DIR', () => {
  let withDir: TestPlatform;
  let importDir: string;

  beforeAll(async () => {
    importDir = mkdtempSync(join(tmpdir(), 'history-imports-'));
    withDir = await startTestPlatform({ HISTORY_IMPORT_DIR: importDir });
  });
  afterAll(() => withDir.close());

  it('refuses at once a path outside the directory, or one that is not there (400), queuing nothing', async () => {
    const bob = await withDir.newUser('bob');
    for (const source of ['/etc/passwd', '../outside.tar.gz', 'missing.tar.gz']) {
      const res = await withDir.api.post('/api/histories').send({ key: bob.key, archive_source: source });
      expect(res.status).toBe(400);
      expect(res.body.err_code).toBe(400008);
    }
  });
});
