import { readFile } from 'node:fs/promises';

/** The processes a process started, and theirs (Linux's /proc/<pid>/task/<pid>/children). */
async function treeOf(root: number): Promise<number[]> {
  const found: number[] = [];
  const pending = [root];
  while (pending.length > 0 && found.length < 10_000) {
    const pid = pending.pop() as number;
    found.push(pid);
    try {
      const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
      for (const child of children.split(' ')) if (child.trim()) pending.push(Number(child));
    } catch {
      // gone meanwhile, or no such file here (not Linux): nothing below it
    }
  }
  return found;
}

/** The resident memory of one process, in bytes (VmRSS of /proc/<pid>/status); 0 when it is gone. */
async function residentBytes(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The resident memory of a process and everything it started, in bytes, now. */
export async function treeResidentBytes(root: number): Promise<number> {
  const sizes = await Promise.all((await treeOf(root)).map(residentBytes));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** How often a running job's memory is looked at. */
export const MEMORY_SAMPLE_MS = 500;

/**
 * Follows the peak resident memory of a running command's processes, looked at every half second
 * (and once as soon as it is started): what a job used, for its metrics and for telling which
 * destinations are too small. Null where /proc cannot say (not Linux).
 */
export class PeakMemory {
  private peak = 0;
  private seen = false;
  private readonly timer: NodeJS.Timeout;
  private sampling: Promise<void> | null = null;

  constructor(private readonly root: number) {
    this.timer = setInterval(() => this.sample(), MEMORY_SAMPLE_MS);
    this.timer.unref();
    setImmediate(() => this.sample());
  }

  private sample(): void {
    if (this.sampling) return;
    this.sampling = treeResidentBytes(this.root)
      .then((bytes) => {
        if (bytes > 0) this.seen = true;
        this.peak = Math.max(this.peak, bytes);
      })
      .catch(() => undefined)
      .finally(() => {
        this.sampling = null;
      });
  }

  /** Stops looking; the peak seen, in bytes (null when nothing could be read). */
  stop(): number | null {
    clearInterval(this.timer);
    return this.seen ? this.peak : null;
  }
}
