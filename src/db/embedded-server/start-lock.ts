import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { processAlive } from './process-alive';

/**
 * Serialises what the processes sharing a DATA_DIR do to its embedded server (initialise, start,
 * stop): a file created exclusively, holding the holder's pid. A lock whose holder is gone (killed)
 * is taken over. It is held for seconds at most, never while the service runs.
 */
export async function withStartLock<T>(lockPath: string, work: () => Promise<T>, waitMs = 120_000): Promise<T> {
  const release = await acquire(lockPath, waitMs);
  try {
    return await work();
  } finally {
    release();
  }
}

async function acquire(lockPath: string, waitMs: number): Promise<() => void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lockPath);
    if (holder !== null && !processAlive(holder)) takeOverStale(lockPath, holder);
    else if (Date.now() > deadline) {
      throw new Error(`${lockPath} is held by process ${holder ?? '?'} for more than ${Math.round(waitMs / 1000)} s; if no such process runs, remove the file.`);
    } else await sleep(50);
  }
}

function readHolder(lockPath: string): number | null {
  try {
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null; // released meanwhile, or being written
  }
}

/** Moves a dead holder's lock aside; had another process taken it over in between, its lock is put back. */
function takeOverStale(lockPath: string, deadHolder: number): void {
  const aside = `${lockPath}.stale-${process.pid}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // someone else moved it
  }
  if (readHolder(aside) !== deadHolder) {
    try {
      linkSync(aside, lockPath); // never over a lock taken meanwhile
    } catch {
      // the lock is someone's again; theirs stands
    }
  }
  rmSync(aside, { force: true });
}
