import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../logging/logger';
import type { DepotLayout } from './depot-layout';

/** Scratch left by a process that stopped mid-request is this old at least (other processes' work in flight is younger). */
const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * At start: what a stopped process left behind is removed: scratch directories of uploads, imports
 * and exports, multipart files no request took, half-written archives (their `.tmp-` files).
 * Only entries a day old, so the work of other processes sharing DEPOT_DATA_DIR is left alone.
 */
export async function sweepDepotScratch(layout: DepotLayout, log: Logger, now = Date.now()): Promise<number> {
  let removed = 0;
  const sweep = async (dir: string, matches: (name: string) => boolean) => {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (!matches(name)) continue;
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > ORPHAN_AGE_MS) {
        await rm(path, { recursive: true, force: true });
        removed += 1;
      }
    }
  };
  await sweep(layout.tmp, () => true);
  await sweep(layout.uploadStore, () => true);
  for (const repository of await readdir(layout.archives).catch(() => [] as string[])) await sweep(join(layout.archives, repository), (name) => name.includes('.tmp-'));
  if (removed > 0) log.info({ removed }, 'depot scratch left by a stopped process removed');
  return removed;
}
