import { mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { copyFileAtomically, moveFileAtomically, streamToFileAtomically } from './atomic-write';

/** What the store needs to know of a dataset to find its file. */
export interface StoredDataset {
  id: number;
  externalFilename?: string | null;
  /** The `file_path` of the installation the dataset was carried over from, when its file stayed there. */
  fileRoot?: string | null;
  /** That installation's `_extra_files_path`, when the dataset's extra files were kept elsewhere. */
  extraFilesPath?: string | null;
}

/**
 * Dataset files on disk, laid out like the platform's disk object store:
 * `<root>/000/dataset_1.dat` (directories of a thousand), extra files in `dataset_1_files/`.
 * Every write is atomic, so a dataset is never marked ok over a half-written file.
 */
/**
 * The directory of a dataset in the platform's (15.05) disk object store under `root`: ids below
 * 1000 in `000`; otherwise the decimal id left-padded with zeros to a multiple of 3 digits plus
 * one more group (1 to 3 zeros), its last three digits dropped, the rest split into 3-digit
 * directories (1234 -> 001, 1234567 -> 001/234).
 */
export function legacyDirectoryOf(root: string, id: number): string {
  const digits = String(id);
  if (digits.length < 4) return join(root, '000');
  const padded = '0'.repeat(3 - (digits.length % 3)) + digits;
  const kept = padded.slice(0, -3);
  const parts: string[] = [];
  for (let at = 0; at < kept.length; at += 3) parts.push(kept.slice(at, at + 3));
  return join(root, ...parts);
}

export class ObjectStore {
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  private directoryOf(id: number): string {
    return join(this.root, String(Math.floor(id / 1000)).padStart(3, '0'));
  }

  /** The file of a dataset (a linked file stays where it is, a carried-over one in its old place). */
  pathOf(dataset: StoredDataset): string {
    if (dataset.externalFilename) return dataset.externalFilename;
    if (dataset.fileRoot) return join(legacyDirectoryOf(dataset.fileRoot, dataset.id), `dataset_${dataset.id}.dat`);
    return join(this.directoryOf(dataset.id), `dataset_${dataset.id}.dat`);
  }

  extraFilesPathOf(dataset: StoredDataset): string {
    if (dataset.extraFilesPath) return dataset.extraFilesPath;
    if (dataset.fileRoot) return join(legacyDirectoryOf(dataset.fileRoot, dataset.id), `dataset_${dataset.id}_files`);
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
