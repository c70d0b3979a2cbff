import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ArchiveFormatError, readHistoryArchive, type ReadArchiveOptions } from '../../../src/histories-archive';
import { rawTar, tempDirs, type RawEntry } from './helpers';

const dirs = tempDirs();

const HISTORY = JSON.stringify({ name: 'h', hid_counter: 2 });
const DATASETS = JSON.stringify([{ name: 'd', hid: 1, file_name: 'datasets/d.txt' }]);

function validMembers(): RawEntry[] {
  return [
    { path: 'history_attrs.txt', body: HISTORY },
    { path: 'datasets_attrs.txt', body: DATASETS },
    { path: 'datasets/d.txt', body: 'data' },
  ];
}

/** Reads an archive of these members; returns the work dir's parent too, to check nothing escaped. */
async function readRaw(entries: RawEntry[], options: ReadArchiveOptions = {}, gzip = false) {
  const dir = await dirs.make();
  const archive = join(dir, 'archive.tar');
  await writeFile(archive, gzip ? gzipSync(rawTar(entries)) : rawTar(entries));
  const work = join(dir, 'jail', 'work');
  return { dir, work, read: () => readHistoryArchive(archive, work, options) };
}

async function expectRefused(entries: RawEntry[], message: RegExp, options: ReadArchiveOptions = {}): Promise<string> {
  const { dir, read } = await readRaw(entries, options);
  const failure = read();
  await expect(failure).rejects.toBeInstanceOf(ArchiveFormatError);
  await expect(failure).rejects.toThrow(message);
  return dir;
}

describe('reading unsafe or malformed archives', () => {
  it('accepts the valid archive these cases start from', async () => {
    const { read } = await readRaw(validMembers(), {}, true);
    const content = await read();
    expect(await readFile(content.datasets[0].filePath ?? '', 'utf8')).toBe('data');
  });

  it.each([['../evil.txt'], ['datasets/../../evil.txt'], ['./../evil.txt']])('refuses the traversal %s', async (path) => {
    const dir = await expectRefused([...validMembers(), { path, body: 'pwned' }], /points outside the archive/);
    expect(await readdir(join(dir, 'jail'))).toEqual(['work']);
    expect(await readdir(dir)).not.toContain('evil.txt');
  });

  it('refuses an absolute path', async () => {
    await expectRefused([{ path: '/tmp/histories-archive-evil.txt', body: 'x' }, ...validMembers()], /absolute path/);
  });

  it('refuses a symlink member', async () => {
    await expectRefused([{ path: 'datasets/link', type: 'SymbolicLink', linkpath: '/etc/passwd' }, ...validMembers()], /is a link/);
  });

  it('refuses a hard link member', async () => {
    await expectRefused([...validMembers(), { path: 'datasets/hard', type: 'Link', linkpath: 'datasets/d.txt' }], /is a link/);
  });

  it.each([['CharacterDevice' as const], ['FIFO' as const]])('refuses a %s member', async (type) => {
    await expectRefused([...validMembers(), { path: 'datasets/dev', type }], /device or FIFO/);
  });

  it('refuses member types the parser would skip', async () => {
    await expectRefused([...validMembers(), { path: 'datasets/sparse', type: 'SparseFile' }], /unsupported type/);
  });

  it('refuses archives over the size limit', async () => {
    const big: RawEntry = { path: 'datasets/big.bin', body: Buffer.alloc(4096) };
    await expectRefused([...validMembers(), big], /exceeds the limit of 1000 bytes/, { maxTotalBytes: 1000 });
  });

  it('refuses archives with too many members', async () => {
    await expectRefused(validMembers(), /more than 2 members/, { maxMembers: 2 });
  });

  it('refuses a missing history_attrs.txt', async () => {
    await expectRefused(validMembers().slice(1), /no history_attrs\.txt/);
  });

  it('refuses a missing datasets_attrs.txt', async () => {
    await expectRefused([validMembers()[0]], /no datasets_attrs\.txt/);
  });

  it('refuses malformed JSON', async () => {
    await expectRefused(
      [{ path: 'history_attrs.txt', body: '{"name": "h",' }, ...validMembers().slice(1)],
      /history_attrs\.txt is not valid JSON/,
    );
    await expectRefused(
      [validMembers()[0], { path: 'datasets_attrs.txt', body: '[{]' }],
      /datasets_attrs\.txt is not valid JSON/,
    );
  });

  it.each([
    ['history_attrs.txt', '[]', /history_attrs\.txt must be a JSON object, not a list/],
    ['history_attrs.txt', '{"name": 5}', /history_attrs\.txt\.name must be a string, not a number/],
    ['history_attrs.txt', '{}', /history_attrs\.txt\.name is missing/],
    ['history_attrs.txt', '{"name": "h", "tags": "x"}', /history_attrs\.txt\.tags must be a list of strings/],
    ['datasets_attrs.txt', '{"name": "d"}', /datasets_attrs\.txt must be a JSON list, not an object/],
    ['datasets_attrs.txt', '[{"name": "d", "hid": "1"}]', /datasets_attrs\.txt\[0\]\.hid must be an integer, not a string/],
    ['datasets_attrs.txt', '[{"name": "d", "hid": 1, "visible": "yes"}]', /\[0\]\.visible must be true or false/],
    ['datasets_attrs.txt', '[{"name": "d", "hid": 1, "metadata": [1]}]', /\[0\]\.metadata must be an object, not a list/],
    ['jobs_attrs.txt', '[{"tool_id": "cat1", "output_datasets": [1, "2"]}]', /jobs_attrs\.txt\[0\]\.output_datasets must be a list of integers/],
  ])('refuses wrong types in %s: %s', async (member, body, message) => {
    const entries = validMembers().filter((entry) => entry.path !== member);
    await expectRefused([...entries, { path: member, body }], message);
  });

  it('refuses a dataset file_name leading outside the archive', async () => {
    const datasets = JSON.stringify([{ name: 'd', hid: 1, file_name: '../../../etc/passwd' }]);
    await expectRefused(
      [validMembers()[0], { path: 'datasets_attrs.txt', body: datasets }],
      /datasets_attrs\.txt\[0\]\.file_name "\.\.\/\.\.\/\.\.\/etc\/passwd" points outside the archive/,
    );
  });

  it('gives no file for a dataset whose member is missing', async () => {
    const { read } = await readRaw(validMembers().slice(0, 2));
    const content = await read();
    expect(content.datasets).toEqual([expect.objectContaining({ filePath: null })]);
    expect(content.datasets[0].attrs.exported).toBe(true);
  });

  it('refuses something that is not a tar archive', async () => {
    const dir = await dirs.make();
    const archive = join(dir, 'notes.txt');
    await writeFile(archive, 'just some text, not an archive\n'.repeat(40));
    await expect(readHistoryArchive(archive, join(dir, 'work'))).rejects.toThrow(ArchiveFormatError);
  });

  it('refuses a truncated gzip archive', async () => {
    const dir = await dirs.make();
    const archive = join(dir, 'cut.tar.gz');
    const whole = gzipSync(rawTar([...validMembers(), { path: 'datasets/more', body: Buffer.alloc(100_000, 7) }]));
    await writeFile(archive, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(readHistoryArchive(archive, join(dir, 'work'))).rejects.toThrow(ArchiveFormatError);
  });

  it('refuses data beyond what the members declare (a gzip bomb after the end blocks)', async () => {
    const dir = await dirs.make();
    const archive = join(dir, 'bomb.tar.gz');
    await writeFile(archive, gzipSync(Buffer.concat([rawTar(validMembers()), Buffer.alloc(8 * 1024 * 1024)])));
    await expect(readHistoryArchive(archive, join(dir, 'work'))).rejects.toThrow(/more data than its members declare/);
  });

  it('refuses a file member where a directory member already is', async () => {
    await expectRefused([{ path: 'datasets/x/', type: 'Directory' }, { path: 'datasets/x', body: 'x' }, ...validMembers()], /conflicts/);
  });
});
