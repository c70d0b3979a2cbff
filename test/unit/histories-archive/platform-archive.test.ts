import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as tar from 'tar';
import { readHistoryArchive } from '../../../src/histories-archive';
import { tempDirs } from './helpers';

const dirs = tempDirs();

/** JSON as the platform's 15.05 exporter wrote it (tags as objects, str() timestamps, dbkey in metadata). */
const HISTORY_ATTRS = {
  create_time: '2015-06-01 09:15:02.417364',
  update_time: '2015-06-02 17:40:11.001233',
  name: 'Unnamed history',
  hid_counter: 4,
  genome_build: 'mm10',
  annotation: null,
  tags: { group: 'chipseq', favourite: null },
  includes_hidden_datasets: false,
  includes_deleted_datasets: false,
};

function hda(hid: number, name: string, fileName: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    __HistoryDatasetAssociation__: true,
    create_time: '2015-06-01 09:20:00.000001',
    update_time: '2015-06-01 09:21:00.000002',
    hid,
    name,
    info: 'uploaded bed file',
    blurb: '3 regions',
    peek: 'chr1\t100\t200\n',
    extension: 'bed',
    metadata: { dbkey: 'mm10', columns: 3, chromCol: 1 },
    parent_id: null,
    designation: null,
    deleted: false,
    visible: true,
    file_name: fileName,
    uuid: `0c4b1f0e-1d7e-4a55-9c1e-00000000000${hid}`,
    annotation: '',
    tags: { name: 'peaks' },
    extra_files_path: `/galaxy/database/files/000/dataset_${hid}_files`,
    exported: true,
    ...extra,
  };
}

const DATASETS_ATTRS = [hda(1, 'peaks.bed', 'datasets/peaks.bed.bed'), hda(2, 'Pasted Entry', 'datasets/Pasted_Entry.txt')];
/** A hidden dataset left out of the export: its file_name is still the server path. */
const PROVENANCE_ATTRS = [
  hda(3, 'intermediate', '/galaxy/database/files/000/dataset_3.dat', { visible: false, exported: false }),
];
const JOBS_ATTRS = [
  {
    tool_id: 'Grep1',
    tool_version: '1.0.1',
    state: 'ok',
    info: null,
    traceback: null,
    command_line: 'python grep.py',
    stderr: '',
    stdout: '',
    exit_code: 0,
    create_time: '2015-06-01T09:20:00.123456',
    update_time: '2015-06-01T09:21:00.123456',
    params: { input: { __HistoryDatasetAssociation__: true, hid: 1 }, pattern: '"chr1"' },
    input_datasets: [1],
    input_mapping: { input: 1 },
    output_datasets: [2],
  },
];

async function stagePlatformExport(staging: string): Promise<void> {
  await mkdir(join(staging, 'datasets'), { recursive: true });
  await writeFile(join(staging, 'datasets', 'peaks.bed.bed'), 'chr1\t100\t200\nchr2\t5\t9\nchr3\t1\t2\n');
  await writeFile(join(staging, 'datasets', 'Pasted_Entry.txt'), 'hello\n');
  await writeFile(join(staging, 'history_attrs.txt'), JSON.stringify(HISTORY_ATTRS));
  await writeFile(join(staging, 'datasets_attrs.txt'), JSON.stringify(DATASETS_ATTRS));
  await writeFile(join(staging, 'datasets_attrs.txt.provenance'), JSON.stringify(PROVENANCE_ATTRS));
  await writeFile(join(staging, 'jobs_attrs.txt'), JSON.stringify(JOBS_ATTRS));
}

async function expectPlatformContent(archive: string, work: string): Promise<void> {
  const read = await readHistoryArchive(archive, work);
  expect(read.history).toEqual({
    name: 'Unnamed history',
    hid_counter: 4,
    genome_build: 'mm10',
    annotation: null,
    tags: ['group:chipseq', 'favourite'],
    create_time: '2015-06-01 09:15:02.417364',
    update_time: '2015-06-02 17:40:11.001233',
  });
  expect(read.datasets.map((dataset) => [dataset.attrs.hid, dataset.attrs.exported])).toEqual([
    [1, true],
    [2, true],
    [3, false],
  ]);
  const [peaks, pasted, hidden] = read.datasets;
  expect(peaks.attrs).toEqual({
    name: 'peaks.bed',
    hid: 1,
    extension: 'bed',
    info: 'uploaded bed file',
    blurb: '3 regions',
    peek: 'chr1\t100\t200\n',
    dbkey: 'mm10',
    metadata: { dbkey: 'mm10', columns: 3, chromCol: 1 },
    visible: true,
    deleted: false,
    annotation: '',
    tags: ['name:peaks'],
    create_time: '2015-06-01 09:20:00.000001',
    update_time: '2015-06-01 09:21:00.000002',
    uuid: '0c4b1f0e-1d7e-4a55-9c1e-000000000001',
    file_name: 'datasets/peaks.bed.bed',
    exported: true,
  });
  expect(await readFile(peaks.filePath ?? '', 'utf8')).toBe('chr1\t100\t200\nchr2\t5\t9\nchr3\t1\t2\n');
  expect(await readFile(pasted.filePath ?? '', 'utf8')).toBe('hello\n');
  expect(hidden.attrs.visible).toBe(false);
  expect(hidden.filePath).toBeNull();
  expect(read.jobs).toEqual([
    {
      tool_id: 'Grep1',
      tool_version: '1.0.1',
      params: { input: { __HistoryDatasetAssociation__: true, hid: 1 }, pattern: '"chr1"' },
      exit_code: 0,
      state: 'ok',
      create_time: '2015-06-01T09:20:00.123456',
      update_time: '2015-06-01T09:21:00.123456',
      input_datasets: [1],
      output_datasets: [2],
      input_mapping: { input: 1 },
    },
  ]);
}

describe('archives made by the platform', () => {
  it('reads a tar.gz whose members sit under one top-level directory', async () => {
    const dir = await dirs.make();
    await stagePlatformExport(join(dir, 'staging', 'history-export'));
    const archive = join(dir, 'platform.tar.gz');
    await tar.c({ gzip: true, file: archive, cwd: join(dir, 'staging') }, ['history-export']);
    await expectPlatformContent(archive, join(dir, 'work'));
  });

  it('reads a plain tar with data members first and the attrs last, as the exporter added them', async () => {
    const dir = await dirs.make();
    const staging = join(dir, 'staging');
    await stagePlatformExport(staging);
    const archive = join(dir, 'platform.tar');
    await tar.c({ file: archive, cwd: staging }, [
      'datasets/peaks.bed.bed',
      'datasets/Pasted_Entry.txt',
      'history_attrs.txt',
      'datasets_attrs.txt',
      'datasets_attrs.txt.provenance',
      'jobs_attrs.txt',
    ]);
    await expectPlatformContent(archive, join(dir, 'work'));
  });

  it('fills platform defaults for keys an exporter left out', async () => {
    const dir = await dirs.make();
    const staging = join(dir, 'staging');
    await mkdir(join(staging, 'datasets'), { recursive: true });
    await writeFile(join(staging, 'history_attrs.txt'), JSON.stringify({ name: 'minimal', future_key: [1, 2] }));
    await writeFile(join(staging, 'datasets_attrs.txt'), JSON.stringify([{ name: 'x', hid: 7, file_name: 'datasets/x' }]));
    await writeFile(join(staging, 'datasets', 'x'), 'x');
    const archive = join(dir, 'minimal.tar.gz');
    await tar.c({ gzip: true, file: archive, cwd: staging }, ['history_attrs.txt', 'datasets_attrs.txt', 'datasets']);

    const read = await readHistoryArchive(archive, join(dir, 'work'));
    expect(read.history).toEqual({
      name: 'minimal',
      hid_counter: 8,
      genome_build: null,
      annotation: null,
      tags: [],
      create_time: null,
      update_time: null,
    });
    expect(read.datasets[0].attrs).toMatchObject({
      extension: 'data',
      dbkey: '?',
      metadata: {},
      visible: true,
      deleted: false,
      exported: true,
      tags: [],
    });
    expect(read.datasets[0].filePath).not.toBeNull();
    expect(read.jobs).toEqual([]);
  });

  it('lets datasets that share a member name (a repeated member) resolve to the last copy', async () => {
    const dir = await dirs.make();
    const staging = join(dir, 'staging');
    await mkdir(join(staging, 'datasets'), { recursive: true });
    await writeFile(join(staging, 'history_attrs.txt'), JSON.stringify(HISTORY_ATTRS));
    await writeFile(
      join(staging, 'datasets_attrs.txt'),
      JSON.stringify([hda(1, 'Pasted Entry', 'datasets/Pasted_Entry.txt'), hda(2, 'Pasted Entry', 'datasets/Pasted_Entry.txt')]),
    );
    await writeFile(join(staging, 'datasets', 'Pasted_Entry.txt'), 'first\n');
    const archive = join(dir, 'dup.tar');
    await tar.c({ file: archive, cwd: staging }, ['datasets/Pasted_Entry.txt']);
    await writeFile(join(staging, 'datasets', 'Pasted_Entry.txt'), 'second\n');
    await tar.r({ file: archive, cwd: staging }, ['datasets/Pasted_Entry.txt', 'history_attrs.txt', 'datasets_attrs.txt']);

    const read = await readHistoryArchive(archive, join(dir, 'work'));
    expect(read.datasets[0].filePath).toBe(read.datasets[1].filePath);
    expect(await readFile(read.datasets[0].filePath ?? '', 'utf8')).toBe('second\n');
  });
});
