import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { binaryParser, expectError } from '../support/job-helpers';
import {
  createLibrary,
  createLibraryFolder,
  jobOfLibraryDataset,
  pasteIntoLibrary,
  readTar,
  readZip,
  type TestLibrary,
  waitForLibraryDataset,
} from '../support/library-upload-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * Library dataset operations around the contract: update (PATCH; a new file makes a new current
 * version, the old one expires), delete / undelete (and purge for administrators), and downloads
 * of several datasets as a zip or tar archive named by their library paths.
 */

/** Archive members as [path, sha256] pairs (jest compares large buffers slowly). */
const digests = (files: Map<string, Buffer>) => [...files].map(([path, bytes]) => [path, createHash('sha256').update(bytes).digest('hex')]);

/** A download's error: the body was kept as bytes. */
function expectDownloadError(res: { status: number; body: unknown }, status: number, errCode: number): void {
  const body = JSON.parse((res.body as Buffer).toString('utf8')) as { err_code?: number; err_msg?: string };
  expect([res.status, body.err_code, typeof body.err_msg]).toEqual([status, errCode, 'string']);
}

const LIBRARY_TIME = /^\d{4}-\d\d-\d\d (0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/;

let h: TestPlatform;
let alice: TestUser; // granted access and modify on "owned"
let bob: TestUser; // no role on anything
let library: TestLibrary;
let raw: string;

const patch = (id: string, body: Record<string, unknown>, key = h.admin.key) => h.api.patch(`/api/libraries/datasets/${id}`).send({ key, ...body });
const remove = (id: string, query: Record<string, string>, key = h.admin.key) => h.api.delete(`/api/libraries/datasets/${id}`).query({ key, ...query });
const download = (format: string, ids: string[], key = h.admin.key) => h.api.get(`/api/libraries/datasets/download/${format}`).query({ key, 'ld_ids[]': ids }).buffer(true).parse(binaryParser);

async function paste(content: string, extra: Record<string, unknown> = {}, folderId = library.rootFolderId): Promise<string> {
  const id = await pasteIntoLibrary(h, library, folderId, content, { file_type: 'txt', ...extra });
  await waitForLibraryDataset(h, id);
  return id;
}

/** Gives alice access to a dataset (it is no longer public) and the right to modify it. */
async function grantAlice(id: string): Promise<void> {
  const res = await h.api
    .post(`/api/libraries/datasets/${id}/permissions`)
    .send({ key: h.admin.key, action: 'set_permissions', 'access_ids[]': [alice.email], 'modify_ids[]': [alice.email] });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  library = await createLibrary(h, 'Changes');
  raw = await createLibraryFolder(h, library, library.rootFolderId, 'raw');
});
afterAll(() => h.close());

describe('PATCH /api/libraries/datasets/{id}', () => {
  it('changes name, misc_info, genome_build and file_ext (metadata read again for the new type)', async () => {
    const id = await paste('a\tb\n1\t2\n');
    const res = await patch(id, { name: 'counts', misc_info: 'from run 4', genome_build: 'hg38', file_ext: 'tabular' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({ id, name: 'counts', misc_info: 'from run 4', genome_build: 'hg38', file_ext: 'tabular', data_type: 'galaxy.datatypes.tabular.Tabular', metadata_columns: 2, metadata_dbkey: 'hg38' }),
    );
    expect(res.body.full_path.at(-1)).toEqual([id, 'counts']);
    const shown = await h.api.get(`/api/libraries/datasets/${id}`).query({ key: bob.key });
    expect(shown.body).toEqual(expect.objectContaining({ name: 'counts', genome_build: 'hg38', file_ext: 'tabular', expired_versions: [] }));
    const listing = await h.api.get(`/api/libraries/${library.id}/contents`).query({ key: h.admin.key });
    expect(listing.body.map((item: { name: string }) => item.name)).toContain('/counts');
  });

  it('refuses an unknown file_ext and an empty name', async () => {
    const id = await paste('x\n');
    expectError(await patch(id, { file_ext: 'no-such-type' }), 400, 400008);
    expectError(await patch(id, { name: '  ' }), 400, 400008);
  });

  it('needs modify permission on the library dataset: refused otherwise, allowed once granted', async () => {
    const id = await paste('guarded\n');
    expectError(await patch(id, { name: 'taken' }, alice.key), 403, 403005);
    await grantAlice(id);
    const res = await patch(id, { name: 'alice named it' }, alice.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ name: 'alice named it', can_user_modify: true, is_unrestricted: false }));
    // bob cannot see the restricted dataset at all.
    expectError(await patch(id, { name: 'bob' }, bob.key), 404, 404001);
    expectError(await patch('f2db41e1fa331b3e0', { name: 'malformed' }), 400, 400009);
  });

  it('makes a new current version from an uploaded file; the old one becomes an expired version', async () => {
    const id = await paste('version one\n', { ldda_message: 'first' });
    await grantAlice(id);
    const first = (await h.api.get(`/api/libraries/datasets/${id}`).query({ key: alice.key })).body;
    const res = await h.api.patch(`/api/libraries/datasets/${id}`).field('key', alice.key).attach('file', Buffer.from('version two\nmore\n'), 'v2.txt');
    expect(res.status).toBe(200);
    expect(res.body.ldda_id).not.toBe(first.ldda_id);
    expect(res.body).toEqual(expect.objectContaining({ id, name: 'Pasted Entry', has_versions: true, expired_versions: [[first.ldda_id, 'Pasted Entry']] }));
    const second = await waitForLibraryDataset(h, id, alice.key);
    expect(second).toEqual(expect.objectContaining({ state: 'ok', file_ext: 'txt', misc_blurb: '2 lines', uploaded_by: 'alice@example.org', message: 'first', is_unrestricted: false }));
    expect(readFileSync((await h.api.get(`/api/libraries/datasets/${id}`).query({ key: h.admin.key })).body.file_name, 'utf8')).toBe('version two\nmore\n');
    expect((await jobOfLibraryDataset(h, id)).state).toBe('ok');
    // The new version keeps the access roles of the old one.
    expectError(await h.api.get(`/api/libraries/datasets/${id}`).query({ key: bob.key }), 404, 404001);

    const old = await h.api.get(`/api/libraries/datasets/${id}/versions/${first.ldda_id}`).query({ key: alice.key });
    expect(old.status).toBe(200);
    expect(old.body).toEqual(expect.objectContaining({ id: first.ldda_id, name: 'Pasted Entry', file_size: 12, state: 'ok' }));
    expectError(await h.api.get(`/api/libraries/datasets/${id}/versions/${second.ldda_id}`).query({ key: alice.key }), 404, 404001);

    // The upload form's field name works too, with a new name and an explicit type.
    const third = await h.api
      .patch(`/api/libraries/datasets/${id}`)
      .field('key', h.admin.key)
      .field('name', 'v3')
      .field('file_ext', 'tabular')
      .attach('files_0|file_data', Buffer.from('k\t3\n'), 'v3.tsv');
    expect(third.status).toBe(200);
    const latest = await waitForLibraryDataset(h, id);
    expect(latest).toEqual(expect.objectContaining({ name: 'v3', file_ext: 'tabular', state: 'ok' }));
    expect(latest.expired_versions).toEqual([
      [second.ldda_id, 'Pasted Entry'],
      [first.ldda_id, 'Pasted Entry'],
    ]);
    const folder = await h.api.get(`/api/folders/${library.rootFolderId}/contents`).query({ key: alice.key });
    expect(folder.body.folder_contents.find((item: { id: string }) => item.id === id)).toEqual(expect.objectContaining({ name: 'v3', file_ext: 'tabular', file_size: '4 bytes' }));
  });

  it('refuses a new version for a caller without modify permission, keeping nothing', async () => {
    const id = await paste('stable\n');
    const res = await h.api.patch(`/api/libraries/datasets/${id}`).field('key', bob.key).attach('file', Buffer.from('intruder\n'), 'x.txt');
    expectError(res, 403, 403005);
    const shown = await h.api.get(`/api/libraries/datasets/${id}`).query({ key: h.admin.key });
    expect(shown.body.expired_versions).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(spawnSync('ls', ['-A', h.platform.services.layout.uploadStore]).stdout.toString()).toBe('');
  });
});

describe('DELETE /api/libraries/datasets/{id}', () => {
  it('deletes and undeletes (administrator), answering the library dataset with update_time in the library format', async () => {
    const id = await paste('to delete\n', {}, raw);
    const res = await remove(id, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        id,
        model_class: 'LibraryDataset',
        name: 'Pasted Entry',
        deleted: true,
        folder_id: raw,
        parent_library_id: library.id,
        file_size: '10 bytes',
        file_ext: 'txt',
        state: 'ok',
        template_data: {},
        update_time: expect.stringMatching(LIBRARY_TIME),
        date_uploaded: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
      }),
    );
    const contents = await h.api.get(`/api/folders/${raw}/contents`).query({ key: h.admin.key });
    expect(contents.body.folder_contents).toEqual([]);
    const withDeleted = await h.api.get(`/api/folders/${raw}/contents`).query({ key: h.admin.key, include_deleted: 'true' });
    expect(withDeleted.body.folder_contents).toEqual([expect.objectContaining({ id, deleted: true })]);
    expect((await h.api.get(`/api/libraries/datasets/${id}`).query({ key: alice.key })).body.deleted).toBe(true);

    const back = await h.api.delete(`/api/libraries/datasets/${id}`).send({ key: h.admin.key, undelete: true });
    expect(back.status).toBe(200);
    expect(back.body).toEqual(expect.objectContaining({ id, deleted: false, update_time: expect.stringMatching(LIBRARY_TIME) }));
    expect((await h.api.get(`/api/libraries/datasets/${id}`).query({ key: alice.key })).status).toBe(200);
  });

  it('needs modify permission: a holder deletes and undeletes, others are refused', async () => {
    const id = await paste('alice may\n', {}, raw);
    expectError(await remove(id, {}, alice.key), 403, 403005);
    await grantAlice(id);
    expect((await remove(id, {}, alice.key)).body.deleted).toBe(true);
    expect((await remove(id, { undelete: 'true' }, alice.key)).body.deleted).toBe(false);
    expectError(await remove(id, {}, bob.key), 404, 404001);
    expectError(await remove(id, { purge: 'true' }, alice.key), 403, 403006);
  });

  it('purges for administrators: the dataset cannot be undeleted, and its file goes', async () => {
    const id = await paste('purge me\n', {}, raw);
    const file = (await h.api.get(`/api/libraries/datasets/${id}`).query({ key: h.admin.key })).body.file_name as string;
    const res = await remove(id, { purge: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(true);
    expect(spawnSync('test', ['-e', file]).status).not.toBe(0);
    expectError(await remove(id, { undelete: 'true' }), 400, 400004);
  });
});

describe('GET /api/libraries/datasets/download/{format}', () => {
  let text: string;
  let nested: string;
  let same: string;
  let big: string;
  let bigBytes: Buffer;
  let restricted: string;

  beforeAll(async () => {
    text = await paste('top level\n');
    nested = await paste('chr1\t1\t2\n', { file_type: 'bed' }, raw);
    same = await paste('another top level\n');
    bigBytes = randomBytes(3 * 1024 * 1024);
    const upload = await h.api
      .post(`/api/libraries/${library.id}/contents`)
      .field('key', h.admin.key)
      .field('create_type', 'file')
      .field('folder_id', raw)
      .field('file_type', 'data')
      .attach('files_0|file_data', bigBytes, 'noise.bin');
    big = upload.body[0].id;
    await waitForLibraryDataset(h, big);
    restricted = await paste('for alice only\n');
    await grantAlice(restricted);
  });

  const expected = () =>
    new Map([
      ['Changes/Pasted Entry', Buffer.from('top level\n')],
      ['Changes/raw/Pasted Entry', Buffer.from('chr1\t1\t2\n')],
      ['Changes/Pasted Entry_', Buffer.from('another top level\n')],
      ['Changes/raw/noise.bin', bigBytes],
    ]);

  it('streams a zip of the datasets named by their library paths (repeated paths get _)', async () => {
    const res = await download('zip', [text, nested, same, big]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment; filename="selected_dataset_files.zip"');
    expect(digests(readZip(res.body as Buffer))).toEqual(digests(expected()));
  });

  it('streams a tar.gz (tgz) archive of the same', async () => {
    for (const format of ['tgz', 'tar.gz']) {
      const res = await download(format, [text, nested, same, big]);
      expect([format, res.status]).toEqual([format, 200]);
      expect(res.headers['content-type']).toBe('application/x-tar');
      expect(res.headers['content-disposition']).toBe('attachment; filename="selected_dataset_files.tgz"');
      expect(digests(readTar(gunzipSync(res.body as Buffer)))).toEqual(digests(expected()));
    }
  });

  it('streams a tbz archive when bzip2 is installed', async () => {
    const res = await download('tbz', [text, nested]);
    if (spawnSync('bzip2', ['--help']).error) {
      expectDownloadError(res, 400, 400008);
      return;
    }
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="selected_dataset_files.tbz2"');
    const tar = spawnSync('bzip2', ['-dc'], { input: res.body as Buffer, maxBuffer: 64 * 1024 * 1024 }).stdout;
    expect([...readTar(tar).keys()]).toEqual(['Changes/Pasted Entry', 'Changes/raw/Pasted Entry']);
  });

  it('sends one dataset uncompressed, and refuses several', async () => {
    const res = await download('uncompressed', [nested]);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).toString()).toBe('chr1\t1\t2\n');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Pasted_Entry"');
    expectDownloadError(await download('uncompressed', [text, nested]), 400, 400008);
  });

  it('accepts the ids repeated, as ld_ids or comma-separated', async () => {
    const res = await h.api.get(`/api/libraries/datasets/download/zip?key=${h.admin.key}&ld_ids=${text},${nested}`).buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    expect([...readZip(res.body as Buffer).keys()]).toEqual(['Changes/Pasted Entry', 'Changes/raw/Pasted Entry']);
  });

  it('needs every dataset accessible (ObjectNotFound), ids, and a known format', async () => {
    expectDownloadError(await download('zip', [text, restricted], bob.key), 404, 404001);
    const allowed = await download('zip', [restricted], alice.key);
    expect(readZip(allowed.body as Buffer)).toEqual(new Map([['Changes/Pasted Entry', Buffer.from('for alice only\n')]]));
    expectDownloadError(await download('zip', []), 400, 400007);
    expectDownloadError(await download('rar', [text]), 400, 400008);
    const gone = await paste('deleted soon\n');
    await remove(gone, {});
    expectDownloadError(await download('zip', [gone], alice.key), 404, 404001);
  });
});
