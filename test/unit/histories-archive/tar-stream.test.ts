import * as tar from 'tar';
import { bodyPadding, endOfArchive, fileHeader } from '../../../src/histories-archive/tar-stream';

/** Parses header blocks alone: the entry's body is never written, only its header is wanted. */
function parseHeader(blocks: Buffer): Promise<{ path: string; size: number }> {
  return new Promise((resolve, reject) => {
    const parser = new tar.Parser({ strict: true });
    parser.on('entry', (entry: tar.ReadEntry) => resolve({ path: entry.path, size: entry.size }));
    parser.on('error', reject);
    parser.write(blocks);
  });
}

describe('tar blocks', () => {
  it('uses a plain ustar header for ordinary members', async () => {
    const header = fileHeader({ path: 'datasets/dataset_1.bed', size: 10, mtime: new Date(0) });
    expect(header.length).toBe(512);
    expect(await parseHeader(header)).toEqual({ path: 'datasets/dataset_1.bed', size: 10 });
  });

  it('adds a pax header for long paths and sizes beyond 8 GiB', async () => {
    const path = `datasets/${'x'.repeat(300)}.txt`;
    const size = 9 * 1024 ** 3;
    const header = fileHeader({ path, size, mtime: new Date() });
    expect(header.length).toBeGreaterThan(512);
    expect(await parseHeader(header)).toEqual({ path, size });
  });

  it('pads bodies to whole blocks and ends with two zero blocks', () => {
    expect([0, 1, 511, 512, 513].map((size) => bodyPadding(size).length)).toEqual([0, 511, 1, 0, 511]);
    expect(endOfArchive().equals(Buffer.alloc(1024))).toBe(true);
  });
});
