import { statfs } from 'node:fs/promises';

/** The filesystem DATA_DIR lies on. */
export interface DiskUse {
  path: string;
  totalBytes: number;
  usedBytes: number;
  /** What an unprivileged process may still write. */
  freeBytes: number;
}

/** One statfs of DATA_DIR's filesystem (no walk of its files: constant cost whatever it holds). */
export async function diskUse(path: string): Promise<DiskUse> {
  const stats = await statfs(path);
  const totalBytes = stats.blocks * stats.bsize;
  return { path, totalBytes, usedBytes: (stats.blocks - stats.bfree) * stats.bsize, freeBytes: stats.bavail * stats.bsize };
}
