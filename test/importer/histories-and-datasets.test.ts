import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { IdCodec } from '../../src/ids/id-codec';
import { datasetText, uploadText, waitForJob } from '../support/data-helpers';
import { importInto, newDataDir } from '../support/import-run';
import { dropDatabase, freshDatabase, legacyDatabase, type LegacySchema, serverUrl, sqlOn } from '../support/legacy-installation';
import { type ImportedCopy, LEGACY_FILES, openImportedCopy, writeLegacyFiles } from '../support/imported-installation';
import { DEFAULT_ID_SECRET, startTestPlatform, type TestPlatform } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * Histories, datasets and their files, collections, sharing and dataset permissions of a 15.05
 * installation carried over (test/importer/seed/020-histories.sql), on both dumps of its schema.
 */
const onServer = serverUrl ? describe : describe.skip;
if (!serverUrl) console.warn('SKIPPED: importer tests: they need TEST_DATABASE_URL (the 15.05 source is a PostgreSQL server database)');

const ids = new IdCodec(DEFAULT_ID_SECRET);
const e = (id: number) => ids.encode(id);
type Dict = Record<string, unknown>;
const ALICE = 'a11ce0000000000000000000000c0de5';
const CAROL = 'ca401000000000000000000000000001';

const FILES = LEGACY_FILES;

async function display(h: TestPlatform, hdaId: number, key?: string): Promise<{ status: number; text: string }> {
  const res = await h.api.get(`/api/datasets/${e(hdaId)}/display`).query(key ? { key } : {}).buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
  });
  return { status: res.status, text: String(res.body) };
}

describe.each<[LegacySchema, string]>([
  ['schema-migrated.sql', 'migrated'],
  ['schema.sql', 'mapped'],
])('import of histories and datasets from a 15.05 database (%s)', (schema, tag) => {
  const target = `import_histories_target_${tag}`;
  let imported: ImportedCopy;
  let filePath: string;
  let h: TestPlatform;
  let output: string[];

  onServer('carried over, files left in file_path', () => {
    beforeAll(async () => {
      imported = await openImportedCopy(schema, target);
      ({ h, lines: output, filePath } = imported);
    }, patient(120000));
    afterAll(() => imported?.close());

    it("lists alice's histories under the platform's encoded ids, with names, flags, tags and annotation", async () => {
      const res = await h.api.get('/api/histories').query({ key: ALICE });
      expect(res.status).toBe(200);
      const listed = res.body as Dict[];
      expect(listed.map((history) => history.id)).toEqual(expect.arrayContaining([e(1), e(2)]));
      expect(listed.find((history) => history.id === e(1))?.name).toBe('RNA-seq run 12');
      const deleted = (await h.api.get('/api/histories').query({ key: ALICE, deleted: true })).body as Dict[];
      expect(deleted.map((history) => history.id)).toContain(e(3));
      const one = (await h.api.get(`/api/histories/${e(1)}`).query({ key: ALICE })).body as Dict;
      expect(one).toMatchObject({ id: e(1), name: 'RNA-seq run 12', importable: true, published: true, genome_build: 'hg19', annotation: 'Twelve samples from the sequencing core', slug: 'rna-seq-run-12' });
      expect(one.tags).toEqual(['rnaseq', 'name:run12']);
    });

    it('lists the contents with the same hids, states, names, extensions and flags', async () => {
      const res = await h.api.get(`/api/histories/${e(1)}/contents`).query({ key: ALICE });
      expect(res.status).toBe(200);
      const byId = new Map((res.body as Dict[]).map((item) => [item.id, item]));
      const expected: Array<[number, number, string, string, string, boolean, boolean, boolean]> = [
        [101, 1, 'ok', 'reads.fastq', 'fastqsanger', true, false, false],
        [102, 2, 'ok', 'counts.tabular', 'tabular', true, false, false],
        [103, 3, 'error', 'failed alignment', 'bam', true, false, false],
        [104, 4, 'queued', 'waiting', 'txt', true, false, false],
        [105, 5, 'running', 'in progress', 'txt', true, false, false],
        [106, 6, 'paused', 'paused output', 'txt', true, false, false],
        [107, 7, 'discarded', 'discarded output', 'txt', true, false, false],
        [108, 8, 'ok', 'purged big file', 'txt', true, true, true],
        [109, 9, 'ok', 'deleted notes', 'txt', true, true, false],
        [110, 10, 'ok', 'sample1.txt', 'txt', false, false, false],
        [113, 14, 'ok', 'core-only.txt', 'txt', true, false, false],
        [114, 15, 'ok', 'public.txt', 'txt', true, false, false],
      ];
      for (const [id, hid, state, name, extension, visible, deleted, purged] of expected) {
        expect(byId.get(e(id))).toMatchObject({ hid, state, name, extension, visible, deleted, purged });
      }
      expect(byId.get(e(1))).toMatchObject({ hid: 13, history_content_type: 'dataset_collection', name: 'samples' });
      const dataset = (await h.api.get(`/api/datasets/${e(101)}`).query({ key: ALICE })).body as Dict;
      expect(dataset).toMatchObject({ genome_build: 'hg19', misc_info: 'uploaded fastqsanger file', misc_blurb: '4 sequences', annotation: 'raw reads from lane 3', tags: ['group:control'] });
    });

    it('shows the list collection with its three elements', async () => {
      const res = await h.api.get(`/api/histories/${e(1)}/contents/dataset_collections/${e(1)}`).query({ key: ALICE });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: e(1), name: 'samples', collection_type: 'list', element_count: 3 });
      const elements = res.body.elements as Array<{ element_identifier: string; element_index: number; object: Dict }>;
      expect(elements.map((element) => [element.element_index, element.element_identifier, element.object.id])).toEqual([
        [0, 'sample1', e(110)],
        [1, 'sample2', e(111)],
        [2, 'sample3', e(112)],
      ]);
    });

    it('serves the same bytes from the old file_path (dataset 1234 in directory 001)', async () => {
      const stored = await sqlOn<{ file_root: string | null }>(target, 'select file_root from dataset where id = 1');
      expect(stored).toEqual([{ file_root: filePath }]);
      expect(await datasetText(h, ALICE, e(101))).toBe(FILES[1]);
      expect(await datasetText(h, ALICE, e(102))).toBe(FILES[2]);
      expect(await datasetText(h, ALICE, e(110))).toBe(FILES[10]);
      expect(await datasetText(h, ALICE, e(1234))).toBe(FILES[1234]);
      expect(await datasetText(h, ALICE, e(117))).toBe(FILES[1]);
      expect((await display(h, 108, ALICE)).status).not.toBe(200);
    });

    it('refuses the dataset restricted to sequencing-core to others and anonymous, and serves it to alice', async () => {
      const other = await h.newUser('outsider');
      expect((await display(h, 113, other.key)).status).toBe(403);
      expect((await display(h, 113)).status).toBe(403);
      expect((await display(h, 113, ALICE)).text).toBe(FILES[13]);
      expect((await display(h, 114, other.key)).text).toBe(FILES[14]);
      expect((await display(h, 114)).text).toBe(FILES[14]);
    });

    it('lists the published history for everyone and the shared one for carol', async () => {
      const published = await h.api.get('/api/histories/published');
      expect(published.status).toBe(200);
      expect((published.body as Dict[]).map((history) => history.id)).toEqual([e(1)]);
      const shared = await h.api.get('/api/histories/shared_with_me').query({ key: CAROL });
      expect(shared.status).toBe(200);
      expect((shared.body as Dict[]).map((history) => history.id)).toEqual([e(2)]);
      expect((await h.api.get(`/api/histories/${e(2)}/contents`).query({ key: CAROL })).status).toBe(200);
      expect(await datasetText(h, CAROL, e(115))).toBe(FILES[15]);
    });

    it('gives a new upload the next hid (a lagging hid_counter raised past the hids in use)', async () => {
      const first = await uploadText(h, ALICE, e(1), 'new after import\n', { fileType: 'txt' });
      await waitForJob(h, ALICE, first.jobId);
      expect(((await h.api.get(`/api/datasets/${first.datasetId}`).query({ key: ALICE })).body as Dict).hid).toBe(17);
      const second = await uploadText(h, ALICE, e(2), 'also new\n', { fileType: 'txt' });
      expect(((await h.api.get(`/api/datasets/${second.datasetId}`).query({ key: ALICE })).body as Dict).hid).toBe(4);
      expect(ids.decode(first.datasetId)).toBe(1235);
    });

    it('reports every row it skipped or changed, with the reason', () => {
      const text = output.join('\n');
      if (process.env.SHOW_IMPORT_REPORT) console.log(text);
      expect(text).toContain(`dataset 16: its file ${join(filePath, '000', 'dataset_16.dat')} is missing`);
      expect(text).toContain('history_dataset_association 106: its metadata is not JSON (a pickle): carried empty');
      expect(text).toContain('history 2: hid_counter 2 is not past hid 3 its contents use: carried as 4');
      expect(text).toContain('skipped dataset_permissions 5: role 2 already has manage permissions on dataset 14 by row 4');
      expect(text).toContain('skipped dataset_permissions 6: role_id 99 names no role that was carried over');
      expect(text).toContain('history_dataset_collection_annotation_association 1: the annotation of collection 1 is not carried');
      // Every history dataset of the seeds is carried; of the dataset grants, two are skipped (a missing role, a repeat).
      expect(text).toMatch(/history_dataset_association\s+(\d+)\s+\1\s+0\n/);
      const grants = /dataset_permissions\s+(\d+)\s+(\d+)\s+(\d+)\n/.exec(text);
      expect(grants && Number(grants[1]) - Number(grants[2])).toBe(2);
      expect(grants?.[3]).toBe('2');
    });
  });

  onServer('carried over with --copy', () => {
    const copySource = `import_histories_csource_${tag}`;
    const copyTarget = `import_histories_ctarget_${tag}`;
    let copyDir: string;
    let oldFiles: string;
    let platform: TestPlatform;
    let copyLines: string[];
    let dryLines: string[];
    beforeAll(async () => {
      const sourceUrl = await legacyDatabase(copySource, schema);
      const targetUrl = await freshDatabase(copyTarget);
      oldFiles = writeLegacyFiles('import-histories-copy');
      copyDir = newDataDir('import-histories-copy');
      const dry = await importInto(targetUrl, copyDir, ['--database', sourceUrl, '--file-path', oldFiles, '--copy', '--dry-run']);
      expect(dry.code).toBe(0);
      dryLines = dry.lines;
      const run = await importInto(targetUrl, copyDir, ['--database', sourceUrl, '--file-path', oldFiles, '--copy']);
      expect(run.code).toBe(0);
      copyLines = run.lines;
      rmSync(oldFiles, { recursive: true, force: true });
      platform = await startTestPlatform({ DATABASE_URL: targetUrl }, { reset: false, dataDir: copyDir });
    }, patient(120000));
    afterAll(async () => {
      await platform?.close();
      rmSync(copyDir, { recursive: true, force: true });
      await dropDatabase(copySource);
      await dropDatabase(copyTarget);
    });

    it('serves the same bytes from DATA_DIR once the old files are gone', async () => {
      expect(await datasetText(platform, ALICE, e(101))).toBe(FILES[1]);
      expect(await datasetText(platform, ALICE, e(1234))).toBe(FILES[1234]);
      expect((await display(platform, 113, ALICE)).text).toBe(FILES[13]);
      // Only the dataset whose file was refused (below) stays in the old file_path.
      expect(await sqlOn<{ id: number }>(copyTarget, 'select id from dataset where file_root is not null')).toEqual([{ id: 17 }]);
    });

    it('copies no file whose size is not the one 15.05 recorded: a skipped row says why, the dataset is carried with its state, its file left in the old file_path', async () => {
      const reason = `its file ${join(oldFiles, '000', 'dataset_17.dat')} has 10 bytes, not the 40 the database recorded: not copied (the dataset is carried, its file left there)`;
      expect(copyLines).toContain(`  skipped dataset 17: ${reason}`);
      expect(dryLines).toContain(`  skipped dataset 17: ${reason}`);
      expect(await sqlOn(copyTarget, "select step, source_id, reason from galaxy_import.skip where source_table = 'dataset' and not notice")).toEqual([{ step: 'dataset', source_id: '17', reason }]);
      expect(await sqlOn(copyTarget, 'select id, state, file_size, file_root from dataset where id = 17')).toEqual([{ id: 17, state: 'ok', file_size: '40', file_root: oldFiles }]);
      expect(existsSync(join(copyDir, 'files', '000', 'dataset_17.dat'))).toBe(false);
      // A size of 0 recorded is no mismatch (15.05 took it as not measured): dataset 3's file is copied, with its size.
      expect(await sqlOn(copyTarget, 'select id, state, file_size, file_root from dataset where id = 3')).toEqual([{ id: 3, state: 'error', file_size: '15', file_root: null }]);
      expect(readFileSync(join(copyDir, 'files', '000', 'dataset_3.dat'), 'utf8')).toBe(FILES[3]);
    });
  });
});
