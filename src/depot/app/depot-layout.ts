import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where the depot keeps its files under DEPOT_DATA_DIR. */
export class DepotLayout {
  /** One bare git repository per depot repository (by id, so a rename moves nothing). */
  readonly repos: string;
  /** Files of multipart requests before a route takes them (uploads, in flight only). */
  readonly uploadStore: string;
  /** Scratch directories of uploads, metadata runs and capsules; removed when done. */
  readonly tmp: string;
  /** The default place of exported capsules. */
  readonly capsules: string;
  /** Revisions' archives, written on their first download (a revision never changes). */
  readonly archives: string;

  constructor(readonly root: string) {
    this.repos = join(root, 'repos');
    this.uploadStore = join(root, 'upload_store');
    this.tmp = join(root, 'tmp');
    this.capsules = join(root, 'capsules');
    this.archives = join(root, 'archives');
    for (const dir of [this.repos, this.uploadStore, this.tmp, this.capsules, this.archives]) mkdirSync(dir, { recursive: true });
  }

  /** The bare git repository of a depot repository: `repos/<thousands>/<id>.git`. */
  repositoryDir(repositoryId: number): string {
    return join(this.repos, String(Math.floor(repositoryId / 1000)).padStart(3, '0'), `${repositoryId}.git`);
  }
}
