import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createLibrary, createLibraryFolder, jobOfLibraryDataset, pasteIntoLibrary, type TestLibrary, waitForLibraryDataset } from '../support/library-upload-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * `POST /api/libraries/{id}/contents` with create_type file: every upload option through the upload
 * job (library dataset versions as its outputs), datasets reaching ok; extended metadata; collections;
 * the refusals of the configuration, of non-administrators and of callers who may not add.
 */

type Dict = Record<string, unknown>;

const scratch = mkdtempSync(join(tmpdir(), 'library-uploads-'));
const importDir = join(scratch, 'import');
const outside = join(scratch, 'outside');
const pathsDir = join(scratch, 'paths');

let h: TestPlatform;
let alice: TestUser; // may add to the "shared" folder
let bob: TestUser; // may not add anywhere
let library: TestLibrary;
let shared: string;

const contents = (body: Dict, key = h.admin.key) => h.api.post(`/api/libraries/${library.id}/contents`).send({ key, create_type: 'file', folder_id: library.rootFolderId, ...body });
const names = (body: Array<{ name: string }>) => body.map((item) => item.name);
/** Polls a condition for up to two seconds. */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 40 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
}

const datasetRows = async () => Number((await h.platform.services.db.orm.em.fork().execute<Array<{ n: string }>>('select count(*) as n from library_dataset'))[0].n);

beforeAll(async () => {
  mkdirSync(join(importDir, 'batch', 'nested'), { recursive: true });
  writeFileSync(join(importDir, 'batch', 'b.txt'), 'second file\n');
  writeFileSync(join(importDir, 'batch', 'a.tsv'), 'x\t1\ny\t2\n');
  writeFileSync(join(importDir, 'batch', 'nested', 'deeper.txt'), 'not uploaded\n');
  writeFileSync(join(importDir, 'kept.txt'), 'linked target inside\n');
  symlinkSync(join(importDir, 'kept.txt'), join(importDir, 'batch', 'c-link.txt'));
  mkdirSync(join(importDir, 'empty'));
  mkdirSync(join(importDir, 'leaky'));
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), 'secret\n');
  symlinkSync(join(outside, 'secret.txt'), join(importDir, 'leaky', 'secret.txt'));
  symlinkSync(outside, join(importDir, 'escape'));
  mkdirSync(pathsDir);
  writeFileSync(join(pathsDir, 'one.bed'), 'chr1\t10\t20\nchr1\t30\t40\n');
  writeFileSync(join(pathsDir, 'two.txt'), 'two\n');

  h = await startTestPlatform({ LIBRARY_IMPORT_DIR: importDir, ALLOW_LIBRARY_PATH_PASTE: 'true' });
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  library = await createLibrary(h, 'Uploads');
  shared = await createLibraryFolder(h, library, library.rootFolderId, 'shared');
  const grant = await h.api.post(`/api/folders/${shared}/permissions`).send({ key: h.admin.key, action: 'set_permissions', 'add_ids[]': [alice.email] });
  expect(grant.status).toBe(200);
});
afterAll(async () => {
  await h.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('upload_file', () => {
  it('uploads multipart files through one upload job whose outputs are library datasets, reaching ok', async () => {
    const res = await h.api
      .post(`/api/libraries/${library.id}/contents`)
      .field('key', h.admin.key)
      .field('create_type', 'file')
      .field('folder_id', library.rootFolderId)
      .field('ldda_message', 'from the sequencer<script>alert(1)</script>')
      .attach('files_0|file_data', Buffer.from('>seq1\nACGTACGT\n>seq2\nTTGA\n'), 'reads.fasta')
      .attach('files_1|file_data', gzipSync(Buffer.from('a\tb\tc\n1\t2\t3\n')), 'table.tsv.gz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{16}$/), name: 'reads.fasta', url: `/api/libraries/${library.id}/contents/${res.body[0].id}` },
      { id: expect.stringMatching(/^[0-9a-f]{16}$/), name: 'table.tsv.gz', url: `/api/libraries/${library.id}/contents/${res.body[1].id}` },
    ]);
    const fasta = await waitForLibraryDataset(h, res.body[0].id);
    expect(fasta).toEqual(
      expect.objectContaining({ state: 'ok', name: 'reads.fasta', file_ext: 'fasta', file_size: '26 bytes', uploaded_by: 'admin@example.org', misc_blurb: '2 sequences', metadata_sequences: 2 }),
    );
    expect(fasta.message).toMatch(/^from the sequencer/);
    expect(fasta.message).not.toContain('<script>');
    expect(readFileSync(fasta.file_name as string, 'utf8')).toBe('>seq1\nACGTACGT\n>seq2\nTTGA\n');
    const table = await waitForLibraryDataset(h, res.body[1].id);
    expect(table).toEqual(expect.objectContaining({ state: 'ok', file_ext: 'tabular', metadata_columns: 3 }));
    expect(readFileSync(table.file_name as string, 'utf8')).toBe('a\tb\tc\n1\t2\t3\n');

    // One upload1 job wrote both versions (job_to_output_dataset.ldda), and shows them as ldda outputs.
    const first = await jobOfLibraryDataset(h, res.body[0].id);
    const second = await jobOfLibraryDataset(h, res.body[1].id);
    expect(second.jobId).toBe(first.jobId);
    const job = await h.api.get(`/api/jobs/${first.jobId}`).query({ key: h.admin.key });
    expect(job.body).toEqual(expect.objectContaining({ tool_id: 'upload1', state: 'ok' }));
    const outputs = await h.api.get(`/api/jobs/${first.jobId}/outputs`).query({ key: h.admin.key });
    expect(outputs.body).toEqual([
      { name: 'output0', dataset: { src: 'ldda', id: fasta.ldda_id } },
      { name: 'output1', dataset: { src: 'ldda', id: table.ldda_id } },
    ]);
    // The received files leave the upload store once the job is done.
    expect(await eventually(() => readdirSync(h.platform.services.layout.uploadStore).length === 0)).toBe(true);
  });

  it('uploads pasted text with file_type and dbkey; it is listed in the folder', async () => {
    const res = await contents({ folder_id: shared, 'files_0|url_paste': 'hello\nlibrary\n', file_type: 'txt', dbkey: 'hg19', ldda_message: 'pasted' });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Pasted Entry']);
    const detail = await waitForLibraryDataset(h, res.body[0].id);
    expect(detail).toEqual(expect.objectContaining({ state: 'ok', file_ext: 'txt', genome_build: 'hg19', message: 'pasted', misc_blurb: '2 lines', file_size: '14 bytes' }));
    expect(detail.full_path).toEqual([
      [library.rootFolderId, 'Uploads'],
      [shared, 'shared'],
      [res.body[0].id, 'Pasted Entry'],
    ]);
    const folder = await h.api.get(`/api/folders/${shared}/contents`).query({ key: alice.key });
    expect(folder.body.folder_contents).toEqual([expect.objectContaining({ id: res.body[0].id, type: 'file', name: 'Pasted Entry', file_ext: 'txt', is_unrestricted: true })]);
  });

  it('lets a user with add permission on the folder upload; the dataset is managed by their private role', async () => {
    const id = await pasteIntoLibrary(h, library, shared, 'from alice\n', { file_type: 'txt' }, alice.key);
    const detail = await waitForLibraryDataset(h, id, alice.key);
    expect(detail).toEqual(expect.objectContaining({ state: 'ok', uploaded_by: 'alice@example.org', can_user_manage: true, is_unrestricted: true }));
    const roles = await h.api.get(`/api/libraries/datasets/${id}/permissions`).query({ key: alice.key });
    expect(roles.body).toEqual({ access_dataset_roles: [], modify_item_roles: [], manage_dataset_roles: ['alice@example.org'] });
  });

  it('refuses a caller who may not add to the folder with 403 {error}, and keeps nothing of the request', async () => {
    const before = await datasetRows();
    const res = await h.api
      .post(`/api/libraries/${library.id}/contents`)
      .field('key', bob.key)
      .field('create_type', 'file')
      .field('folder_id', shared)
      .attach('files_0|file_data', Buffer.from('nope\n'), 'nope.txt');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(await datasetRows()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readdirSync(h.platform.services.layout.uploadStore)).toEqual([]);
  });

  it('refuses an empty upload, an unknown file_type and link_to_files (400 text)', async () => {
    const empty = await contents({ 'files_0|url_paste': '' });
    expect(empty.status).toBe(400);
    expect(typeof empty.body).toBe('string');
    const unknownType = await contents({ 'files_0|url_paste': 'x\n', file_type: 'no-such-type' });
    expect([unknownType.status, unknownType.body]).toEqual([400, expect.stringContaining('no-such-type')]);
    const linked = await contents({ 'files_0|url_paste': 'x\n', link_data_only: 'link_to_files' });
    expect(linked.status).toBe(400);
    const option = await contents({ upload_option: 'upload_everything' });
    expect(option.status).toBe(400);
  });
});

describe('upload_directory (LIBRARY_IMPORT_DIR)', () => {
  it('imports the regular files directly inside server_dir, sorted by name (links inside the directory followed)', async () => {
    const res = await contents({ upload_option: 'upload_directory', server_dir: 'batch', folder_id: shared });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['a.tsv', 'b.txt', 'c-link.txt']);
    const details = [];
    for (const item of res.body) details.push(await waitForLibraryDataset(h, item.id));
    expect(details.map((d) => [d.state, d.file_ext])).toEqual([
      ['ok', 'tabular'],
      ['ok', 'txt'],
      ['ok', 'txt'],
    ]);
    // Copied into the object store; the import directory is left as it was.
    expect(readFileSync(details[0].file_name as string, 'utf8')).toBe('x\t1\ny\t2\n');
    expect(details[0].file_name).not.toContain(importDir);
    expect(readdirSync(join(importDir, 'batch')).sort()).toEqual(['a.tsv', 'b.txt', 'c-link.txt', 'nested']);
  });

  it('refuses paths that escape the import directory: .., absolute, a link pointing outside (400 text)', async () => {
    const before = await datasetRows();
    for (const serverDir of ['../outside', 'batch/../../outside', outside, '/', 'escape', 'leaky', 'missing']) {
      const res = await contents({ upload_option: 'upload_directory', server_dir: serverDir });
      expect([serverDir, res.status, typeof res.body]).toEqual([serverDir, 400, 'string']);
    }
    expect(await datasetRows()).toBe(before);
  });

  it('refuses a missing server_dir and a directory without files', async () => {
    const missing = await contents({ upload_option: 'upload_directory' });
    expect(missing.status).toBe(400);
    const empty = await contents({ upload_option: 'upload_directory', server_dir: 'empty' });
    expect([empty.status, empty.body]).toEqual([400, expect.stringContaining('no files')]);
  });

  it('links the files in place with link_to_files', async () => {
    const res = await contents({ upload_option: 'upload_directory', server_dir: 'batch', link_data_only: 'link_to_files' });
    expect(res.status).toBe(200);
    const detail = await waitForLibraryDataset(h, res.body[1].id);
    expect(detail).toEqual(expect.objectContaining({ state: 'ok', name: 'b.txt', file_name: join(importDir, 'batch', 'b.txt'), file_size: '12 bytes' }));
    const linkedThroughSymlink = await waitForLibraryDataset(h, res.body[2].id);
    expect(linkedThroughSymlink.file_name).toBe(join(importDir, 'kept.txt'));
  });
});

describe('upload_paths (administrators, ALLOW_LIBRARY_PATH_PASTE)', () => {
  it('uploads absolute server paths, one per line', async () => {
    const res = await contents({ upload_option: 'upload_paths', filesystem_paths: `${join(pathsDir, 'one.bed')}\n\n  ${join(pathsDir, 'two.txt')}  \n`, dbkey: 'mm10' });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['one.bed', 'two.txt']);
    const bed = await waitForLibraryDataset(h, res.body[0].id);
    expect(bed).toEqual(expect.objectContaining({ state: 'ok', file_ext: 'bed', genome_build: 'mm10' }));
    expect(readFileSync(bed.file_name as string, 'utf8')).toBe('chr1\t10\t20\nchr1\t30\t40\n');
    expect(bed.file_name).not.toBe(join(pathsDir, 'one.bed'));
    expect(existsSync(join(pathsDir, 'one.bed'))).toBe(true);
  });

  it('refuses relative paths, missing files and directories, creating nothing', async () => {
    const before = await datasetRows();
    for (const paths of ['relative/one.bed', join(pathsDir, 'missing.txt'), pathsDir, `${join(pathsDir, 'one.bed')}\n${join(pathsDir, 'missing.txt')}`]) {
      const res = await contents({ upload_option: 'upload_paths', filesystem_paths: paths });
      expect([paths, res.status, typeof res.body]).toEqual([paths, 400, 'string']);
    }
    const none = await contents({ upload_option: 'upload_paths', filesystem_paths: '\n' });
    expect(none.status).toBe(400);
    expect(await datasetRows()).toBe(before);
  });

  it('refuses a non-administrator (AdminRequiredException: 403 {error}) even with add permission', async () => {
    const res = await contents({ upload_option: 'upload_paths', folder_id: shared, filesystem_paths: join(pathsDir, 'two.txt') }, alice.key);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Uploading files via filesystem paths can only be performed by administrators.' });
  });

  it('links a file in place: never moved, shown by the dataset, kept when the dataset is purged', async () => {
    const target = join(pathsDir, 'linked.txt');
    writeFileSync(target, 'linked content\n');
    const res = await contents({ upload_option: 'upload_paths', filesystem_paths: target, link_data_only: 'link_to_files', file_type: 'txt' });
    expect(res.status).toBe(200);
    const detail = await waitForLibraryDataset(h, res.body[0].id);
    expect(detail).toEqual(expect.objectContaining({ state: 'ok', name: 'linked.txt', file_name: target, file_ext: 'txt', file_size: '15 bytes', misc_blurb: '1 line' }));
    expect(readFileSync(target, 'utf8')).toBe('linked content\n');
    const purged = await h.api.delete(`/api/libraries/datasets/${res.body[0].id}`).query({ key: h.admin.key, purge: 'true' });
    expect(purged.status).toBe(200);
    expect(purged.body.deleted).toBe(true);
    const em = h.platform.services.db.orm.em.fork();
    const [row] = await em.execute<Array<{ purged: boolean; external_filename: string }>>(
      'select ld.purged, d.external_filename from library_dataset ld join library_dataset_dataset_association ldda on ldda.id = ld.ldda_id join dataset d on d.id = ldda.dataset_id where ld.id = ?',
      [h.platform.services.ids.decode(res.body[0].id)],
    );
    expect(row).toEqual({ purged: true, external_filename: target });
    expect(readFileSync(target, 'utf8')).toBe('linked content\n');
    // A copied dataset's own file does go with a purge.
    const copied = await pasteIntoLibrary(h, library, library.rootFolderId, 'copied\n', { file_type: 'txt' });
    const copy = await waitForLibraryDataset(h, copied);
    expect(existsSync(copy.file_name as string)).toBe(true);
    expect((await h.api.delete(`/api/libraries/datasets/${copied}`).query({ key: h.admin.key, purge: 'true' })).status).toBe(200);
    expect(existsSync(copy.file_name as string)).toBe(false);
  });
});

describe('extended metadata and collections', () => {
  it('stores the extended metadata of each new dataset, indexed by leaf path', async () => {
    const extended = { sample: { name: 'liver', reads: [120, 340] }, sequencer: 'x10' };
    const res = await contents({ 'files_0|url_paste': 'meta\n', file_type: 'txt', extended_metadata: extended });
    expect(res.status).toBe(200);
    await waitForLibraryDataset(h, res.body[0].id);
    const em = h.platform.services.db.orm.em.fork();
    const rows = await em.execute<Array<{ path: string; value: string; data: unknown }>>(
      `select i.path, i.value, e.data from extended_metadata_index i
       join extended_metadata e on e.id = i.extended_metadata_id
       join library_dataset ld on ld.ldda_id = e.ldda_id
       where ld.id = ? order by i.path`,
      [h.platform.services.ids.decode(res.body[0].id)],
    );
    expect(rows.map((row) => [row.path, row.value])).toEqual([
      ['/sample/name', 'liver'],
      ['/sample/reads[0]', '120'],
      ['/sample/reads[1]', '340'],
      ['/sequencer', 'x10'],
    ]);
    expect(rows[0].data).toEqual(extended);
    // Searchable by path and value.
    const found = await em.execute<Array<{ n: string }>>("select count(*) as n from extended_metadata_index where path = '/sample/name' and value = 'liver'");
    expect(Number(found[0].n)).toBe(1);
  });

  it('accepts extended metadata sent as JSON text in a multipart upload', async () => {
    const res = await h.api
      .post(`/api/libraries/${library.id}/contents`)
      .field('key', h.admin.key)
      .field('create_type', 'file')
      .field('folder_id', library.rootFolderId)
      .field('extended_metadata', JSON.stringify({ run: 7 }))
      .attach('files_0|file_data', Buffer.from('x\n'), 'run7.txt');
    expect(res.status).toBe(200);
    const em = h.platform.services.db.orm.em.fork();
    const rows = await em.execute<Array<{ path: string; value: string }>>(
      'select i.path, i.value from extended_metadata_index i join extended_metadata e on e.id = i.extended_metadata_id join library_dataset ld on ld.ldda_id = e.ldda_id where ld.id = ?',
      [h.platform.services.ids.decode(res.body[0].id)],
    );
    expect(rows).toEqual([{ path: '/run', value: '7' }]);
  });

  it('makes list and paired collections of uploaded library datasets', async () => {
    const forward = await pasteIntoLibrary(h, library, shared, '@r1\nACGT\n+\nIIII\n', { file_type: 'fastqsanger' });
    const reverse = await pasteIntoLibrary(h, library, shared, '@r1\nTGCA\n+\nIIII\n', { file_type: 'fastqsanger' });
    await waitForLibraryDataset(h, forward);
    await waitForLibraryDataset(h, reverse);
    const list = await h.api.post(`/api/libraries/${library.id}/contents`).send({
      key: h.admin.key,
      create_type: 'collection',
      folder_id: shared,
      collection_type: 'list',
      name: 'reads',
      element_identifiers: [
        { src: 'ld', id: forward, name: 'first' },
        { src: 'ld', id: reverse, name: 'second' },
      ],
    });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ name: 'reads' })]);
    const paired = await h.api.post(`/api/libraries/${library.id}/contents`).send({
      key: h.admin.key,
      create_type: 'collection',
      folder_id: shared,
      collection_type: 'paired',
      name: 'pair',
      element_identifiers: [
        { src: 'ld', id: forward },
        { src: 'ld', id: reverse },
      ],
    });
    expect(paired.status).toBe(200);
    const em = h.platform.services.db.orm.em.fork();
    const elements = await em.execute<Array<{ element_identifier: string }>>('select element_identifier from dataset_collection_element order by id');
    expect(elements.map((row) => row.element_identifier)).toEqual(['first', 'second', 'forward', 'reverse']);
  });
});

describe('a server whose configuration allows neither option', () => {
  let off: TestPlatform;
  let offLibrary: TestLibrary;
  beforeAll(async () => {
    await h.close();
    off = await startTestPlatform();
    h = off;
    offLibrary = await createLibrary(off, 'Closed');
  });

  it('refuses upload_directory and upload_paths with ConfigDoesNotAllowException (403 {error})', async () => {
    for (const body of [
      { upload_option: 'upload_directory', server_dir: 'batch' },
      { upload_option: 'upload_paths', filesystem_paths: join(pathsDir, 'two.txt') },
    ]) {
      const res = await off.api.post(`/api/libraries/${offLibrary.id}/contents`).send({ key: off.admin.key, create_type: 'file', folder_id: offLibrary.rootFolderId, ...body });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: expect.stringMatching(/not enabled/) });
    }
  });
});
