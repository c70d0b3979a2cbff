import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rmdir } from 'node:fs/promises';
import { join } from 'node:path';

/** What a job's cgroup counted: its processes' peak memory and CPU time, exactly (not sampled). */
export interface CgroupUsage {
  memoryPeakBytes: number | null;
  cpuUserSeconds: number | null;
  cpuSystemSeconds: number | null;
}

/** The cgroup v2 path of this process (`0::/path` of /proc/self/cgroup), or null on cgroup v1. */
async function ownCgroupPath(procSelfCgroup: string): Promise<string | null> {
  try {
    const line = (await readFile(procSelfCgroup, 'utf8')).split('\n').find((entry) => entry.startsWith('0::'));
    return line ? line.slice(3).trim() : null;
  } catch {
    return null;
  }
}

/** cpu.stat's `user_usec` and `system_usec`, in seconds. */
export function parseCpuStat(text: string): { user: number; system: number } | null {
  const field = (name: string) => {
    const match = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
    return match ? Number(match[1]) / 1e6 : null;
  };
  const user = field('user_usec');
  const system = field('system_usec');
  return user === null || system === null ? null : { user, system };
}

/**
 * A cgroup of a job's own under cgroup v2 (the unified hierarchy), made beside this process's
 * where it may (a delegated subtree with the memory controller on): the command joins it as it
 * starts (`TIMED_COMMAND`'s third argument), and at its end the cgroup's `memory.peak` and
 * `cpu.stat` say exactly what it used. Under cgroup v1 (as on the machines of the tests) or where
 * the cgroup cannot be made, `create` answers null and the runner samples /proc instead.
 */
export class JobCgroup {
  private constructor(readonly path: string) {}

  static async create(name: string, options: { root?: string; procSelfCgroup?: string } = {}): Promise<JobCgroup | null> {
    const root = options.root ?? '/sys/fs/cgroup';
    if (!existsSync(join(root, 'cgroup.controllers'))) return null; // not the unified hierarchy
    const own = await ownCgroupPath(options.procSelfCgroup ?? '/proc/self/cgroup');
    if (own === null) return null;
    const parent = join(root, own);
    try {
      const enabled = (await readFile(join(parent, 'cgroup.subtree_control'), 'utf8')).split(/\s+/);
      if (!enabled.includes('memory')) return null;
      const path = join(parent, `${name}-${randomBytes(3).toString('hex')}`);
      await mkdir(path);
      return new JobCgroup(path);
    } catch {
      return null;
    }
  }

  /**
   * What the cgroup counted; null when the command never joined it (nothing was counted). A kernel
   * before 5.19 keeps no memory.peak: the memory is then the sampler's (`memoryPeakBytes` null).
   */
  async usage(): Promise<CgroupUsage | null> {
    const read = (file: string) => readFile(join(this.path, file), 'utf8').catch(() => '');
    const [peak, cpu] = await Promise.all([read('memory.peak'), read('cpu.stat')]);
    const memoryPeakBytes = Number(peak.trim()) > 0 ? Number(peak.trim()) : null;
    const times = parseCpuStat(cpu);
    const counted = times !== null && times.user + times.system > 0;
    if (memoryPeakBytes === null && !counted) return null;
    return { memoryPeakBytes, cpuUserSeconds: counted ? times.user : null, cpuSystemSeconds: counted ? times.system : null };
  }

  /** Removes the cgroup (empty once the command's processes are gone). */
  async remove(): Promise<void> {
    await rmdir(this.path).catch(() => undefined);
  }
}
