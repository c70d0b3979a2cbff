import { cp, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { legacyDirectoryOf, type ObjectStore } from '../storage/object-store';
import type { CopyOutcome, DatasetFiles } from './import-step';

/** The files of the old installation under its `file_path`, in the 15.05 disk object store's layout. */
export class LegacyDatasetFiles implements DatasetFiles {
  constructor(
    private readonly filePath: string,
    private readonly store: ObjectStore,
  ) {}

  async locate(datasetId: number, externalFilename: string | null): Promise<{ path: string; size: number | null }> {
    const path = externalFilename ?? join(legacyDirectoryOf(this.filePath, datasetId), `dataset_${datasetId}.dat`);
    return { path, size: await sizeOf(path) };
  }

  async copyIn(datasetId: number, extraFilesPath: string | null, recordedSize: number | null): Promise<CopyOutcome> {
    const { path, size } = await this.locate(datasetId, null);
    if (size === null) return { kind: 'missing', path };
    const recorded = recordedSize !== null && recordedSize > 0 ? recordedSize : null;
    if (recorded !== null && size !== recorded) {
      // A copy an interrupted run made before the file changed is not kept either.
      await this.store.remove({ id: datasetId });
      return { kind: 'size-differs', path, size, recorded };
    }
    const copied = await this.store.putFile({ id: datasetId }, path);
    if (copied !== size) {
      await this.store.remove({ id: datasetId });
      return { kind: 'changed', path, size, copied };
    }
    const extra = extraFilesPath ?? join(legacyDirectoryOf(this.filePath, datasetId), `dataset_${datasetId}_files`);
    if ((await sizeOf(extra, true)) !== null) await cp(extra, this.store.extraFilesPathOf({ id: datasetId }), { recursive: true, force: true });
    return { kind: 'copied', size: copied };
  }
}

async function sizeOf(path: string, directory = false): Promise<number | null> {
  try {
    const info = await stat(path);
    if (directory ? !info.isDirectory() : !info.isFile()) return null;
    return info.size;
  } catch {
    return null;
  }
}
