import { randomBytes } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as tar from 'tar';
import { readHistoryArchive, writeHistoryArchive } from '../../../src/histories-archive';
import { sampleInput, tempDirs } from './helpers';

const dirs = tempDirs();

async function memberNames(archive: string): Promise<string[]> {
  const names: string[] = [];
  await tar.t({ file: archive, onReadEntry: (entry) => names.push(entry.path) });
  return names;
}

describe.each([
  ['gzip', true],
  ['plain tar', false],
])('history archive round trip (%s)', (_label, gzip) => {
  it('reads back the same attrs and byte-identical files', async () => {
    const dir = await dirs.make();
    const first = join(dir, 'reads.fastq');
    const second = join(dir, 'counts.tsv');
    // Several MB of random bytes: spans many stream chunks and does not compress.
    const firstContent = randomBytes(3 * 1024 * 1024 + 17);
    await writeFile(first, firstContent);
    await writeFile(second, 'gene\tcount\nBRCA1\t12\n');
    const input = sampleInput({ first, second });
    const archive = join(dir, 'out', 'history.tar.gz');

    const { size } = await writeHistoryArchive(input, archive, { gzip });

    const bytes = await readFile(archive);
    expect(size).toBe(bytes.length);
    expect(bytes[0] === 0x1f && bytes[1] === 0x8b).toBe(gzip);
    expect(await memberNames(archive)).toEqual([
      'history_attrs.txt',
      'datasets_attrs.txt',
      'datasets_attrs.txt.provenance',
      'jobs_attrs.txt',
      'datasets/dataset_1.fastqsanger',
      'datasets/dataset_3.tabular',
    ]);

    const read = await readHistoryArchive(archive, join(dir, 'work'));
    expect(read.history).toEqual(input.history);
    expect(read.jobs).toEqual(input.jobs);
    expect(read.datasets.map((dataset) => dataset.attrs)).toEqual(
      input.datasets.map((dataset, index) => ({
        ...dataset.attrs,
        // The platform's importer reads the dbkey from metadata, so it is written there too.
        metadata: { ...dataset.attrs.metadata, dbkey: dataset.attrs.dbkey },
        file_name: ['datasets/dataset_1.fastqsanger', 'datasets/dataset_3.tabular'][index],
        exported: true,
      })),
    );
    const [firstRead, secondRead] = read.datasets;
    expect(firstRead.filePath).not.toBeNull();
    expect((await readFile(firstRead.filePath ?? '')).equals(firstContent)).toBe(true);
    expect(await readFile(secondRead.filePath ?? '', 'utf8')).toBe('gene\tcount\nBRCA1\t12\n');
  });
});

describe('history archive layout', () => {
  it('writes the platform keys, an empty provenance list and the jobs', async () => {
    const dir = await dirs.make();
    const first = join(dir, 'a.txt');
    await writeFile(first, 'x');
    const input = { ...sampleInput({ first, second: null }), jobs: undefined };
    input.datasets[0].attrs.info = null;
    const archive = join(dir, 'h.tar');
    await writeHistoryArchive(input, archive, { gzip: false });

    const contents = new Map<string, string>();
    await tar.t({
      file: archive,
      onReadEntry: (entry) => {
        let text = '';
        entry.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        entry.on('end', () => contents.set(entry.path, text));
      },
    });
    expect(JSON.parse(contents.get('datasets_attrs.txt.provenance') ?? '')).toEqual([]);
    expect(JSON.parse(contents.get('jobs_attrs.txt') ?? '')).toEqual([]);
    const [record] = JSON.parse(contents.get('datasets_attrs.txt') ?? '') as Array<Record<string, unknown>>;
    expect(record).toMatchObject({
      __HistoryDatasetAssociation__: true,
      designation: null,
      parent_id: null,
      info: '',
      metadata: { dbkey: 'hg19' },
      file_name: 'datasets/dataset_1.fastqsanger',
      exported: true,
    });
  });

  it('lists a dataset whose file is missing, without a member', async () => {
    const dir = await dirs.make();
    const input = sampleInput({ first: null, second: join(dir, 'gone.tsv') });
    const archive = join(dir, 'h.tar.gz');
    await writeHistoryArchive(input, archive, { gzip: true });

    expect((await memberNames(archive)).filter((name) => name.startsWith('datasets/'))).toEqual([]);
    const read = await readHistoryArchive(archive, join(dir, 'work'));
    expect(read.datasets.map((dataset) => [dataset.attrs.hid, dataset.attrs.exported, dataset.filePath])).toEqual([
      [1, false, null],
      [3, false, null],
    ]);
  });

  it('gives datasets with the same hid and extension distinct members', async () => {
    const dir = await dirs.make();
    const one = join(dir, 'one');
    const two = join(dir, 'two');
    await writeFile(one, 'one');
    await writeFile(two, 'two');
    const base = sampleInput({ first: null, second: null });
    const attrs = { ...base.datasets[0].attrs, extension: 'a/b c' };
    const input = { ...base, datasets: [{ attrs, filePath: one }, { attrs, filePath: two }] };
    const archive = join(dir, 'h.tar');
    await writeHistoryArchive(input, archive, { gzip: false });

    const read = await readHistoryArchive(archive, join(dir, 'work'));
    expect(read.datasets.map((dataset) => dataset.attrs.file_name)).toEqual([
      'datasets/dataset_1.a_b_c',
      'datasets/dataset_1_2.a_b_c',
    ]);
    expect(await Promise.all(read.datasets.map((dataset) => readFile(dataset.filePath ?? '', 'utf8')))).toEqual([
      'one',
      'two',
    ]);
  });

  it('writes an empty history', async () => {
    const dir = await dirs.make();
    const input = { history: sampleInput({ first: null, second: null }).history, datasets: [] };
    const archive = join(dir, 'empty.tar.gz');
    await writeHistoryArchive(input, archive, { gzip: true });
    const read = await readHistoryArchive(archive, join(dir, 'work'));
    expect(read).toEqual({ history: input.history, datasets: [], jobs: [] });
    expect(await readdir(dir)).toEqual(['empty.tar.gz', 'work']);
  });
});
