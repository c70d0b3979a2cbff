import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DepotLayout } from '../../../src/depot/app/depot-layout';
import { sweepDepotScratch } from '../../../src/depot/app/depot-sweep';
import { createLogger } from '../../../src/logging/logger';

describe('the depot sweeps what a stopped process left behind, at start', () => {
  it('removes day-old scratch, multipart files and half-written archives, and keeps recent work and finished archives', async () => {
    const root = mkdtempSync(join(tmpdir(), 'depot-sweep-'));
    try {
      const layout = new DepotLayout(root);
      const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      const make = (path: string, age: Date | null, dir = false) => {
        if (dir) mkdirSync(path, { recursive: true });
        else writeFileSync(path, 'x');
        if (age) utimesSync(path, age, age);
        return path;
      };
      mkdirSync(join(layout.archives, '7'), { recursive: true });
      const stale = [make(join(layout.tmp, 'upload-old'), old, true), make(join(layout.uploadStore, 'upload-old'), old), make(join(layout.archives, '7', 'abc.tar.gz.tmp-123'), old)];
      const kept = [make(join(layout.tmp, 'upload-new'), null, true), make(join(layout.uploadStore, 'upload-new'), null), make(join(layout.archives, '7', 'abc.tar.gz'), old)];
      expect(await sweepDepotScratch(layout, createLogger('silent'))).toBe(3);
      expect(stale.filter((path) => existsSync(path))).toEqual([]);
      expect(kept.filter((path) => existsSync(path))).toEqual(kept);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
