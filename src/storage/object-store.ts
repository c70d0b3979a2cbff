import { mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { copyFileAtomically, moveFileAtomically, streamToFileAtomically } from './atomic-write';

/** What the store needs to know of a dataset to find its file. */
export interface StoredDataset {
  id: number;
  externalFilename?: string | null;
}

/**
 * Dataset files on disk, laid out like the platform's disk object store:
 * `<root>/000/dataset_1.dat` (directories of a thousand), extra files in `dataset_1_files/`.
 * Every write is atomic, so a dataset is never marked ok over a half-written file.
 */
export class ObjectStore {
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  private directoryOf(id: number): string {
    return join(this.root, String(Math.floor(id / 1000)).padStart(3, '0'));
  }

  /** The file of a dataset (a linked file stays where it is). */
  pathOf(dataset: StoredDataset): string {
    return dataset.externalFilename ?? join(this.directoryOf(dataset.id), `dataset_${dataset.id}.dat`);
  }

  extraFilesPathOf(dataset: StoredDataset): string {
    return join(this.directoryOf(dataset.id), `dataset_${dataset.id}_files`);
  }

  async putFile(dataset: StoredDataset, source: string, options: { move?: boolean } = {}): Promise<number> {
    const target = this.pathOf(dataset);
    if (options.move) await moveFileAtomically(source, target);
    else await copyFileAtomically(source, target);
    return (await stat(target)).size;
  }

  async putStream(dataset: StoredDataset, source: Readable): Promise<number> {
    const target = this.pathOf(dataset);
    await streamToFileAtomically(source, target);
    return (await stat(target)).size;
  }

  async size(dataset: StoredDataset): Promise<number | null> {
    try {
      return (await stat(this.pathOf(dataset))).size;
    } catch {
      return null;
    }
  }

  /** Removes a dataset's file and extra files; a linked file belongs to its owner and is kept. */
  async remove(dataset: StoredDataset): Promise<void> {
    if (dataset.externalFilename) return;
    await rm(this.pathOf(dataset), { force: true });
    await rm(this.extraFilesPathOf(dataset), { recursive: true, force: true });
  }
}
