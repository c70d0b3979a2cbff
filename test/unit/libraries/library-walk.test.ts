import { type DatasetRow, interleaved, type Step, type WalkEntry } from '../../../src/services/libraries/library-walk';

/** The recursive listing places each folder's datasets (read in batches, by folder) after its subfolders. */

async function* batchesOf(rows: DatasetRow[], size: number): AsyncGenerator<DatasetRow[], void, undefined> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

async function all(generator: AsyncGenerator<WalkEntry[], void, undefined>): Promise<{ entries: WalkEntry[]; sizes: number[] }> {
  const entries: WalkEntry[] = [];
  const sizes: number[] = [];
  for await (const batch of generator) {
    entries.push(...batch);
    sizes.push(batch.length);
  }
  return { entries, sizes };
}

// The walk: /a, /a/b, b's datasets, a's datasets, /c (no datasets), the root's datasets.
const STEPS: Step[] = [
  { kind: 'folder', id: 1, path: '/a' },
  { kind: 'folder', id: 2, path: '/a/b' },
  { kind: 'datasets', folderId: 2, path: '/a/b' },
  { kind: 'datasets', folderId: 1, path: '/a' },
  { kind: 'folder', id: 3, path: '/c' },
  { kind: 'datasets', folderId: 3, path: '/c' },
  { kind: 'datasets', folderId: 0, path: '' },
];
const ROWS: DatasetRow[] = [
  { ord: '1', id: 10, name: 'b1' },
  { ord: '1', id: 11, name: 'b2' },
  { ord: '2', id: 12, name: 'a1' },
  { ord: '4', id: 13, name: 'r1' },
  { ord: '4', id: 14, name: 'r2' },
  { ord: '4', id: 15, name: 'r3' },
];
const EXPECTED: WalkEntry[] = [
  { kind: 'folder', id: 1, name: '/a' },
  { kind: 'folder', id: 2, name: '/a/b' },
  { kind: 'file', id: 10, name: '/a/b/b1' },
  { kind: 'file', id: 11, name: '/a/b/b2' },
  { kind: 'file', id: 12, name: '/a/a1' },
  { kind: 'folder', id: 3, name: '/c' },
  { kind: 'file', id: 13, name: '/r1' },
  { kind: 'file', id: 14, name: '/r2' },
  { kind: 'file', id: 15, name: '/r3' },
];

describe('interleaved: folder entries and datasets in walk order, whatever the read batches', () => {
  it.each([1, 2, 4, 100])('with reads of %i rows', async (readSize) => {
    const { entries, sizes } = await all(interleaved(STEPS, batchesOf(ROWS, readSize), 4));
    expect(entries).toEqual(EXPECTED);
    expect(sizes).toEqual([4, 4, 1]);
  });

  it('lists the folders of a library without datasets', async () => {
    const { entries } = await all(interleaved(STEPS, batchesOf([], 3), 100));
    expect(entries).toEqual(EXPECTED.filter((entry) => entry.kind === 'folder'));
  });

  it('ends the read when its reader stops early', async () => {
    let returned = false;
    async function* rows(): AsyncGenerator<DatasetRow[], void, undefined> {
      try {
        yield* batchesOf(ROWS, 1);
      } finally {
        returned = true;
      }
    }
    const walk = interleaved(STEPS, rows(), 2);
    await walk.next(); // the two folders: no row read yet
    await walk.next(); // b's datasets: the read has started
    await walk.return(undefined);
    expect(returned).toBe(true);
  });
});
