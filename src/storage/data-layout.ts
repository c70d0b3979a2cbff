import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectStore } from './object-store';

/** Where the platform keeps its files under DATA_DIR. */
export class DataLayout {
  readonly objects: ObjectStore;
  /** Per-job directories: inputs/, outputs/, working/ (the command's working directory). */
  readonly jobsRoot: string;
  /** Files uploaded through the API before their upload job stores them (`__file_path` must lie here). */
  readonly uploadStore: string;
  /** Scratch files (the platform's new_file_path). */
  readonly tmp: string;
  /** History export archives. */
  readonly exports: string;

  constructor(readonly dataDir: string) {
    this.objects = new ObjectStore(join(dataDir, 'files'));
    this.jobsRoot = join(dataDir, 'jobs_directory');
    this.uploadStore = join(dataDir, 'upload_store');
    this.tmp = join(dataDir, 'tmp');
    this.exports = join(dataDir, 'exports');
    for (const dir of [this.jobsRoot, this.uploadStore, this.tmp, this.exports]) mkdirSync(dir, { recursive: true });
  }

  jobDirectory(jobId: number): string {
    return join(this.jobsRoot, String(Math.floor(jobId / 1000)).padStart(3, '0'), String(jobId));
  }
}
