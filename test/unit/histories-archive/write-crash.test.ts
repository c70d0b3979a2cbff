import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeHistoryArchive } from '../../../src/histories-archive';
import { sampleInput, tempDirs } from './helpers';

const dirs = tempDirs();

/** /proc files report size 0 but have content: a file that "grows" while it is streamed. */
const GROWING_FILE = '/proc/self/status';
const procIt = existsSync(GROWING_FILE) ? it : it.skip;

describe.each([
  ['gzip', true],
  ['plain tar', false],
])('a write that fails midway (%s)', (_label, gzip) => {
  it('leaves no file at the target when a dataset path cannot be streamed', async () => {
    const dir = await dirs.make();
    const first = join(dir, 'first.txt');
    await writeFile(first, 'already streamed before the failure');
    const notAFile = join(dir, 'a-directory');
    await mkdir(notAFile);
    const target = join(dir, 'out', 'history.tar.gz');

    await expect(writeHistoryArchive(sampleInput({ first, second: notAFile }), target, { gzip })).rejects.toThrow(
      /is not a regular file/,
    );
    expect(await readdir(join(dir, 'out'))).toEqual([]);
  });

  procIt('leaves no file at the target when a file changes while it is streamed', async () => {
    const dir = await dirs.make();
    const first = join(dir, 'first.txt');
    await writeFile(first, 'x'.repeat(100_000));
    const target = join(dir, 'history.tar');

    await expect(writeHistoryArchive(sampleInput({ first, second: GROWING_FILE }), target, { gzip })).rejects.toThrow(
      /changed while being archived/,
    );
    expect((await readdir(dir)).sort()).toEqual(['first.txt']);
  });

  it('keeps a previous archive at the target intact', async () => {
    const dir = await dirs.make();
    const target = join(dir, 'history.tar.gz');
    await writeFile(target, 'previous export');
    const notAFile = join(dir, 'a-directory');
    await mkdir(notAFile);

    await expect(writeHistoryArchive(sampleInput({ first: notAFile, second: null }), target, { gzip })).rejects.toThrow();
    expect(await readFile(target, 'utf8')).toBe('previous export');
    expect((await readdir(dir)).sort()).toEqual(['a-directory', 'history.tar.gz']);
  });
});

it('replaces a previous archive once the new one is complete', async () => {
  const dir = await dirs.make();
  const target = join(dir, 'history.tar.gz');
  await writeFile(target, 'previous export');
  const { size } = await writeHistoryArchive(sampleInput({ first: null, second: null }), target, { gzip: true });
  expect((await stat(target)).size).toBe(size);
  expect(await readdir(dir)).toEqual(['history.tar.gz']);
});
