import { readdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Database } from '../db/database';
import { sql } from '../db/sql/sql-statement';
import { FINISHED_JOB_STATES } from '../entities/job.entity';
import type { Logger } from '../logging/logger';

/** Upload store files an unfinished upload job still reads (its `__uploads__` items of kind file). */
const HELD_BY_JOBS = sql<{ path: string }>(
  'uploadStoreFilesHeldByJobs',
  `select distinct item -> 'source' ->> 'path' as path
   from job j cross join lateral jsonb_array_elements(case when jsonb_typeof(j.params -> '__uploads__') = 'array' then j.params -> '__uploads__' else '[]'::jsonb end) item
   where j.tool_id = 'upload1' and j.state <> all($1::text[]) and item -> 'source' ->> 'kind' = 'file'`,
);

export interface UploadStoreSweepOptions {
  db: Database;
  uploadStore: string;
  /** Files untouched for less than this may belong to a request in flight (being written, or about to be queued). */
  graceMs: number;
  log: Logger;
}

/**
 * Removes upload store files no request or job owns: a server killed mid-upload (or mid-request)
 * leaves its partial files behind. Several processes may share the data directory, so ownership is
 * judged by age (a file being received is written to, and so fresh) and by the unfinished upload
 * jobs in the database, never by one process's memory. Answers the names removed.
 */
export async function sweepUploadStore(options: UploadStoreSweepOptions, now = Date.now()): Promise<string[]> {
  const stale: string[] = [];
  for (const entry of await readdir(options.uploadStore, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    const info = await stat(join(options.uploadStore, entry.name)).catch(() => null);
    if (info && now - info.mtimeMs > options.graceMs) stale.push(entry.name);
  }
  if (stale.length === 0) return [];
  const held = new Set((await options.db.reader.rows(null, HELD_BY_JOBS, [FINISHED_JOB_STATES])).map((row) => basename(row.path)));
  const orphans = stale.filter((name) => !held.has(name));
  for (const name of orphans) await rm(join(options.uploadStore, name), { force: true });
  if (orphans.length > 0) options.log.info({ removed: orphans.length }, 'removed orphaned files from the upload store');
  return orphans;
}

/** Sweeps at start and then periodically (a quarter of the grace period, between 10 s and 15 min). */
export class UploadStoreSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: UploadStoreSweepOptions) {}

  start(): void {
    const sweep = () => {
      this.running = sweepUploadStore(this.options).catch((error: unknown) => this.options.log.warn({ err: error }, 'upload store sweep failed'));
    };
    sweep();
    this.timer = setInterval(sweep, Math.min(15 * 60_000, Math.max(10_000, this.options.graceMs / 4)));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
