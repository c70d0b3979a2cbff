import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LegacyDatasetFiles } from '../../../src/importer/dataset-files';
import { ObjectStore } from '../../../src/storage/object-store';

/** --copy's copies of a 15.05 installation's files, checked against the size its database recorded. */
describe('copying a dataset file against its recorded size', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function installation(): { filePath: string; store: ObjectStore; files: LegacyDatasetFiles } {
    const root = mkdtempSync(join(tmpdir(), 'dataset-files-'));
    dirs.push(root);
    const filePath = join(root, 'old');
    mkdirSync(join(filePath, '000', 'dataset_7_files'), { recursive: true });
    writeFileSync(join(filePath, '000', 'dataset_7.dat'), 'ten bytes\n');
    writeFileSync(join(filePath, '000', 'dataset_7_files', 'index.html'), '<p>extra</p>');
    const store = new ObjectStore(join(root, 'store'));
    return { filePath, store, files: new LegacyDatasetFiles(filePath, store) };
  }

  it('copies the file and its extra files when the size is the recorded one', async () => {
    const { store, files } = installation();
    expect(await files.copyIn(7, null, 10)).toEqual({ kind: 'copied', size: 10 });
    expect(readFileSync(store.pathOf({ id: 7 }), 'utf8')).toBe('ten bytes\n');
    expect(readFileSync(join(store.extraFilesPathOf({ id: 7 }), 'index.html'), 'utf8')).toBe('<p>extra</p>');
  });

  it('takes no size or 0 recorded as not measured: the copy is kept with its own size', async () => {
    const { files } = installation();
    expect(await files.copyIn(7, null, null)).toEqual({ kind: 'copied', size: 10 });
    expect(await files.copyIn(7, null, 0)).toEqual({ kind: 'copied', size: 10 });
  });

  it('copies nothing of a file whose size is not the recorded one, and drops a copy an earlier run made', async () => {
    const { filePath, store, files } = installation();
    expect(await files.copyIn(7, null, 10)).toEqual({ kind: 'copied', size: 10 });
    expect(await files.copyIn(7, null, 40)).toEqual({ kind: 'size-differs', path: join(filePath, '000', 'dataset_7.dat'), size: 10, recorded: 40 });
    expect(existsSync(store.pathOf({ id: 7 }))).toBe(false);
    expect(existsSync(store.extraFilesPathOf({ id: 7 }))).toBe(false);
  });

  it('keeps no copy of a file that changed while it was copied', async () => {
    const { filePath, store } = installation();
    // A store whose copy ends longer than the file measured before it: what a file still being written gives.
    const growing = new (class extends ObjectStore {
      override async putFile(dataset: { id: number }, source: string): Promise<number> {
        await appendFile(source, 'more\n');
        return super.putFile(dataset, source);
      }
    })(store.root);
    const files = new LegacyDatasetFiles(filePath, growing);
    expect(await files.copyIn(7, null, null)).toEqual({ kind: 'changed', path: join(filePath, '000', 'dataset_7.dat'), size: 10, copied: 15 });
    expect(existsSync(store.pathOf({ id: 7 }))).toBe(false);
  });

  it('answers missing for a file that is not there', async () => {
    const { filePath, files } = installation();
    expect(await files.copyIn(8, null, 5)).toEqual({ kind: 'missing', path: join(filePath, '000', 'dataset_8.dat') });
  });
});
