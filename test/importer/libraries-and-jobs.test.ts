import { IdCodec } from '../../src/ids/id-codec';
import { interruptedInfo } from '../../src/importer/steps/jobs-steps';
import { binaryParser } from '../support/job-helpers';
import { type LegacySchema, serverUrl, sqlOn } from '../support/legacy-installation';
import { type ImportedCopy, openImportedCopy } from '../support/imported-installation';
import { DEFAULT_ID_SECRET, type TestPlatform } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * Libraries and jobs of a 15.05 installation carried over (test/importer/seed/030-libraries-jobs.sql),
 * on both dumps of its schema, checked through the API with the platform's encoded ids.
 */
const onServer = serverUrl ? describe : describe.skip;
if (!serverUrl) console.warn('SKIPPED: importer tests: they need TEST_DATABASE_URL (the 15.05 source is a PostgreSQL server database)');

const ids = new IdCodec(DEFAULT_ID_SECRET);
const F = (id: number) => `F${ids.encode(id)}`;
type Dict = Record<string, unknown>;

const ALICE_KEY = 'a11ce0000000000000000000000c0de5';

describe.each<[LegacySchema, string]>([
  ['schema-migrated.sql', 'migrated'],
  ['schema.sql', 'mapped'],
])('import of libraries and jobs from a 15.05 database (%s)', (schema, tag) => {
  const target = `import_libjobs_target_${tag}`;
  let imported: ImportedCopy;
  let h: TestPlatform;
  let output: string[];
  let ginaKey: string;

  onServer('carried over', () => {
    beforeAll(async () => {
      imported = await openImportedCopy(schema, target);
      ({ h, lines: output } = imported);
      // gina (no role 5; her password is carol's) gets a key by logging in.
      const login = await h.api.get('/api/authenticate/baseauth').set('authorization', `Basic ${Buffer.from('gina@example.org:carol-password').toString('base64')}`);
      expect(login.status).toBe(200);
      ginaKey = login.body.api_key as string;
    }, patient(120000));
    afterAll(() => imported?.close());

    it('lists the libraries with their ids and root folders; a library restricted to role 5 only to its holders', async () => {
      const forAdmin = (await h.api.get('/api/libraries').query({ key: h.admin.key })).body as Dict[];
      expect(forAdmin.map((library) => [library.id, library.name, library.root_folder_id])).toEqual(
        expect.arrayContaining([
          [ids.encode(1), 'Sequencing runs', F(1)],
          [ids.encode(2), 'Core internal', F(5)],
        ]),
      );
      expect(forAdmin.find((library) => library.id === ids.encode(1))).toMatchObject({ description: 'Reads of the core facility', synopsis: 'One folder per run', deleted: false });
      const forAlice = (await h.api.get('/api/libraries').query({ key: ALICE_KEY })).body as Dict[];
      expect(forAlice.map((library) => library.name).sort()).toEqual(['Core internal', 'Sequencing runs']);
      const forGina = (await h.api.get('/api/libraries').query({ key: ginaKey })).body as Dict[];
      expect(forGina.map((library) => library.name)).toEqual(['Sequencing runs']);
      const anonymous = (await h.api.get('/api/libraries')).body as Dict[];
      expect(anonymous.map((library) => library.name)).toEqual(['Sequencing runs']);
    });

    it('gives the library contents with folder ids prefixed F and the datasets by their library dataset ids', async () => {
      const contents = (await h.api.get(`/api/libraries/${ids.encode(1)}/contents`).query({ key: h.admin.key })).body as Dict[];
      const byName = Object.fromEntries(contents.map((item) => [item.name, item]));
      expect(byName['/']).toMatchObject({ id: F(1), type: 'folder' });
      expect(byName['/run-2015-06']).toMatchObject({ id: F(2), type: 'folder' });
      expect(byName['/run-2015-06/raw']).toMatchObject({ id: F(3), type: 'folder' });
      expect(byName['/run-2015-06/reads.fastq']).toMatchObject({ id: ids.encode(1), type: 'file' });
      expect(byName['/run-2015-06/raw/core-only.txt']).toMatchObject({ id: ids.encode(2), type: 'file' });
      expect(byName['/old']).toBeUndefined();
    });

    it('gives folder contents; the deleted folder only when asked for deleted items', async () => {
      const root = (await h.api.get(`/api/folders/${F(1)}/contents`).query({ key: h.admin.key })).body as { folder_contents: Dict[]; metadata: Dict };
      expect(root.folder_contents.map((item) => [item.id, item.name, item.type])).toEqual([[F(2), 'run-2015-06', 'folder']]);
      const withDeleted = (await h.api.get(`/api/folders/${F(1)}/contents`).query({ key: h.admin.key, include_deleted: 'true' })).body as { folder_contents: Dict[] };
      expect(withDeleted.folder_contents.map((item) => item.name).sort()).toEqual(['old', 'run-2015-06']);
      const run = (await h.api.get(`/api/folders/${F(2)}/contents`).query({ key: h.admin.key })).body as { folder_contents: Dict[]; metadata: Dict };
      expect(run.folder_contents).toEqual([
        expect.objectContaining({ id: F(3), name: 'raw', type: 'folder' }),
        expect.objectContaining({ id: ids.encode(1), name: 'reads.fastq', type: 'file', file_ext: 'fastqsanger' }),
      ]);
    });

    it('keeps a folder moved under a folder made after it (its parent has the larger id) in its place', async () => {
      const core = (await h.api.get(`/api/folders/${F(5)}/contents`).query({ key: h.admin.key })).body as { folder_contents: Dict[] };
      expect(core.folder_contents.map((item) => [item.id, item.name])).toEqual([[F(7), 'archive']]);
      const archive = (await h.api.get(`/api/folders/${F(7)}/contents`).query({ key: h.admin.key })).body as { folder_contents: Dict[] };
      expect(archive.folder_contents.map((item) => [item.id, item.name])).toEqual([[F(6), 'lane-1']]);
      const lane = (await h.api.get(`/api/folders/${F(6)}`).query({ key: h.admin.key })).body as Dict;
      expect(lane).toMatchObject({ id: F(6), name: 'lane-1', parent_id: F(7) });
    });

    it('shows the restricted dataset to alice (role 5) only: not to gina, and not anonymously; bob (deleted) is refused', async () => {
      const raw = (key?: string) => h.api.get(`/api/folders/${F(3)}/contents`).query(key ? { key } : {});
      expect(((await raw(ALICE_KEY)).body as { folder_contents: Dict[] }).folder_contents.map((item) => item.name)).toEqual(['core-only.txt']);
      expect(((await raw(ginaKey)).body as { folder_contents: Dict[] }).folder_contents).toEqual([]);
      const anonymous = await raw();
      expect(anonymous.status === 200 ? (anonymous.body as { folder_contents: Dict[] }).folder_contents : []).toEqual([]);
      expect((await raw('b0b00000000000000000000000000001')).status).toBe(403);
      expect((await h.api.get(`/api/libraries/datasets/${ids.encode(2)}`).query({ key: ALICE_KEY })).status).toBe(200);
      expect((await h.api.get(`/api/libraries/datasets/${ids.encode(2)}`).query({ key: ginaKey })).status).not.toBe(200);
    });

    it('keeps both versions of a library dataset: the current one and the expired one', async () => {
      const shown = (await h.api.get(`/api/libraries/datasets/${ids.encode(1)}`).query({ key: ALICE_KEY })).body as Dict;
      expect(shown).toMatchObject({ id: ids.encode(1), ldda_id: ids.encode(2), name: 'reads.fastq', file_ext: 'fastqsanger', genome_build: 'hg19', has_versions: true, expired_versions: [[ids.encode(1), 'reads.fastq']] });
      const version = (await h.api.get(`/api/libraries/datasets/${ids.encode(1)}/versions/${ids.encode(1)}`).query({ key: ALICE_KEY })).body as Dict;
      expect(version).toMatchObject({ id: ids.encode(1), library_dataset_id: ids.encode(1), name: 'reads.fastq' });
    });

    it("downloads a library dataset's bytes from the old file_path", async () => {
      const download = (id: number, key: string) => h.api.get('/api/libraries/datasets/download/uncompressed').query({ key, 'ld_ids[]': [ids.encode(id)] }).buffer(true).parse(binaryParser);
      const reads = await download(1, ALICE_KEY);
      expect(reads.status).toBe(200);
      expect((reads.body as Buffer).toString()).toBe('reads v2\n');
      const restricted = await download(2, ALICE_KEY);
      expect((restricted.body as Buffer).toString()).toBe('core only\n');
      expect((await download(2, ginaKey)).status).not.toBe(200);
    });

    it('carries library, folder and library dataset grants into item permissions; repeated and expired-version grants are reported', async () => {
      const grants = await sqlOn<{ item_type: string; item_id: number; action: string; role_id: number }>(target, "select item_type, item_id, action, role_id from item_permission where item_type <> 'dataset' order by item_type, item_id, action, role_id");
      expect(grants).toEqual([
        { item_type: 'folder', item_id: 2, action: 'add library item', role_id: 5 },
        { item_type: 'folder', item_id: 2, action: 'modify library item', role_id: 5 },
        { item_type: 'library', item_id: 1, action: 'add library item', role_id: 5 },
        { item_type: 'library', item_id: 1, action: 'manage library permissions', role_id: 1 },
        { item_type: 'library', item_id: 2, action: 'access library', role_id: 5 },
        { item_type: 'library_dataset', item_id: 1, action: 'modify library item', role_id: 2 },
        { item_type: 'library_dataset', item_id: 2, action: 'manage library permissions', role_id: 5 },
        { item_type: 'library_dataset', item_id: 2, action: 'modify library item', role_id: 5 },
      ]);
      const text = output.join('\n');
      expect(text).toContain('skipped library_dataset_permissions 2: the same grant as library_dataset_permissions 1');
      expect(text).toContain('skipped library_dataset_dataset_association_permissions 1: the same grant as library_dataset_permissions 1 of library dataset 2');
      expect(text).toContain('skipped library_dataset_dataset_association_permissions 2: a grant on an expired version');
    });

    it("lists alice's jobs and shows one with the same tool, state, exit code, outputs, inputs, parameters and metrics", async () => {
      const jobs = (await h.api.get('/api/jobs').query({ key: ALICE_KEY })).body as Dict[];
      expect(jobs.map((job) => job.id).sort()).toEqual([1001, 1002, 1003].map((id) => ids.encode(id)).sort());
      const cat = (await h.api.get(`/api/jobs/${ids.encode(1001)}`).query({ key: ALICE_KEY, full: 'true' })).body as Dict;
      expect(cat).toMatchObject({ id: ids.encode(1001), tool_id: 'cat1', state: 'ok', exit_code: 0, stdout: 'concatenated 1 file\n', stderr: '' });
      expect(cat.inputs).toEqual({ input1: { id: ids.encode(1001), src: 'hda' } });
      expect(cat.outputs).toEqual({ out_file1: { id: ids.encode(1002), src: 'hda' } });
      expect((cat.params as Dict).chromInfo).toBe('"/galaxy/tool-data/shared/ucsc/chrom/?.len"');
      const metrics = cat.job_metrics as Dict[];
      expect(metrics).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ plugin: 'core', name: 'runtime_seconds', raw_value: '12' }),
          expect.objectContaining({ plugin: 'core', name: 'galaxy_slots', raw_value: '1' }),
          expect.objectContaining({ plugin: 'hostname', name: 'hostname', raw_value: 'node01.example.org' }),
        ]),
      );
      const forAdmin = (await h.api.get(`/api/jobs/${ids.encode(1001)}`).query({ key: h.admin.key })).body as Dict;
      expect(forAdmin.command_line).toBe('python /galaxy/tools/filters/catWrapper.py /galaxy/files/000/dataset_1006.dat /galaxy/files/001/dataset_1005.dat');
      expect(forAdmin.user_email).toBe('alice@example.org');
    });

    it('shows the failed job with its exit code and stderr', async () => {
      const grep = (await h.api.get(`/api/jobs/${ids.encode(1002)}`).query({ key: ALICE_KEY, full: 'true' })).body as Dict;
      expect(grep).toMatchObject({ tool_id: 'Grep1', state: 'error', exit_code: 2, stdout: '', stderr: "grep: invalid option -- '['\nUsage: grep [OPTION]... PATTERN [FILE]...\n" });
      expect(grep.outputs).toEqual({ out_file1: { id: ids.encode(1003), src: 'hda' } });
    });

    it('carries a library upload job with its library output', async () => {
      const links = await sqlOn<{ job_id: number; name: string; hda_id: number | null; ldda_id: number | null }>(target, 'select job_id, name, hda_id, ldda_id from job_to_output_dataset where job_id = 1004');
      expect(links).toEqual([{ job_id: 1004, name: 'output0', hda_id: null, ldda_id: 2 }]);
    });

    it('carries a job 15.05 left running as an error interrupted by the move, which the engine never runs again', async () => {
      const shown = (await h.api.get(`/api/jobs/${ids.encode(1003)}`).query({ key: ALICE_KEY })).body as Dict;
      expect(shown.state).toBe('error');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const [row] = await sqlOn<{ state: string; info: string; handler: string | null; attempts: number; start_time: Date | null; end_time: Date | null }>(target, 'select state, info, handler, attempts, start_time, end_time from job where id = 1003');
      expect(row).toMatchObject({ state: 'error', info: interruptedInfo('running'), handler: null, attempts: 0, end_time: null });
      expect(output.join('\n')).toContain('job 1003: state running: carried as error (interrupted by the move), never run again');
      const [finished] = await sqlOn<{ start_time: Date; end_time: Date }>(target, 'select start_time, end_time from job where id = 1001');
      expect(finished.start_time.toISOString()).toBe('2015-07-01T10:05:10.000Z');
      expect(finished.end_time.toISOString()).toBe('2015-07-01T10:05:22.000Z');
    });

    it('continues the sequences after the carried ids', async () => {
      const [next] = await sqlOn<{ library: string; job: string; metric: string }>(
        target,
        "select nextval('library_id_seq') as library, nextval('job_id_seq') as job, nextval('job_metric_id_seq') as metric",
      );
      expect(next).toEqual({ library: '3', job: '1005', metric: '1006' });
    });
  });
});
