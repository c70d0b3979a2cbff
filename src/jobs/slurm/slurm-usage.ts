import type { MetricValue } from '../metrics-format';
import { phaseOf } from './slurm-states';

/** What Slurm's accounting (slurmdbd, read with sacct) says a job used and was given. */
export interface SlurmUsage {
  /** Slurm's job id. */
  id: string;
  /**
   * Whether accounting has the job's end whole: the job's record ended and, when it ran, its batch
   * step's record too (slurmctld sends them to slurmdbd after the end, a little later under load).
   */
  complete: boolean;
  /** The largest resident memory of any of its steps' tasks (sampled by jobacct_gather). */
  maxRssBytes: number | null;
  /** CPU time (user and system) of all its processes. */
  totalCpuSeconds: number | null;
  elapsedSeconds: number | null;
  allocCpus: number | null;
  /** The memory it asked for (--mem, or --mem-per-cpu times its CPUs). */
  reqMemBytes: number | null;
}

/** The fields `sacct --parsable2` is asked for, in this order. */
export const USAGE_FIELDS = ['JobID', 'State', 'MaxRSS', 'TotalCPU', 'ElapsedRaw', 'AllocCPUS', 'ReqMem'] as const;

const UNITS: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4, P: 1024 ** 5 };

/** Sizes from here on are Slurm's "no value" (NO_VAL64, as a job's ReqMem reads before it starts), not sizes. */
const NO_SIZE = 2 ** 60;

/**
 * A size as sacct writes it (`141033472` with --noconvert, `134.50M`, `137916K`): bytes. ReqMem's
 * older per-node or per-CPU mark (`300Mn`, `300Mc`) is read as `perCpu`. Null when empty, unreadable
 * or Slurm's "no value" (`18446744073709551616.00M`, seen while a job's record says PENDING).
 */
export function parseSize(text: string): { bytes: number; perCpu: boolean } | null {
  const match = /^(\d+(?:\.\d+)?)([KMGTP]?)([nc]?)$/i.exec(text.trim());
  if (!match) return null;
  const bytes = Math.round(Number(match[1]) * UNITS[match[2].toUpperCase()]);
  return bytes >= NO_SIZE ? null : { bytes, perCpu: match[3].toLowerCase() === 'c' };
}

/** A duration as sacct writes it (`[DD-][HH:]MM:SS[.mmm]`): seconds. Null when empty or unreadable. */
export function parseDuration(text: string): number | null {
  const match = /^(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!match) return null;
  const [, days, hours, minutes, seconds] = match;
  return Number(days ?? 0) * 86400 + Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}

const count = (text: string | undefined): number | null => (text && /^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * `sacct --parsable2 --noconvert --format=<USAGE_FIELDS>` lines (a job's line, then its steps'
 * `<id>.batch`, `<id>.extern`, `<id>.0`…): each job's usage, its memory the largest of its steps'.
 */
export function parseUsage(stdout: string): Map<string, SlurmUsage> {
  const jobs = new Map<string, SlurmUsage>();
  const ended = new Set<string>();
  const steps = new Map<string, { maxRss: number | null; batchEnded: boolean }>();
  for (const line of stdout.split('\n')) {
    const [jobId, state, maxRss, totalCpu, elapsed, allocCpus, reqMem] = line.trim().split('|');
    if (!jobId || state === undefined) continue;
    const dot = jobId.indexOf('.');
    if (dot >= 0) {
      const id = jobId.slice(0, dot);
      const step = steps.get(id) ?? { maxRss: null, batchEnded: false };
      const rss = parseSize(maxRss ?? '')?.bytes ?? null;
      if (rss !== null) step.maxRss = Math.max(step.maxRss ?? 0, rss);
      if (jobId.slice(dot + 1) === 'batch' && phaseOf(state) === 'ended') step.batchEnded = true;
      steps.set(id, step);
      continue;
    }
    const cpus = count(allocCpus);
    const requested = parseSize(reqMem ?? '');
    const elapsedSeconds = count(elapsed);
    // The job's start not recorded yet (its ReqMem still Slurm's no-value): not whole, whatever its state says.
    const started = requested !== null || !/^\d{17,}/.test((reqMem ?? '').trim());
    if (phaseOf(state) === 'ended' && started) ended.add(jobId);
    jobs.set(jobId, {
      id: jobId,
      // Ended, and not waiting for a batch step (a job cancelled before it ran has none, and no time).
      complete: phaseOf(state) === 'ended' && started && elapsedSeconds === 0,
      maxRssBytes: null,
      totalCpuSeconds: parseDuration(totalCpu ?? ''),
      elapsedSeconds,
      allocCpus: cpus,
      reqMemBytes: requested ? requested.bytes * (requested.perCpu ? (cpus ?? 1) : 1) : null,
    });
  }
  for (const [id, step] of steps) {
    const job = jobs.get(id);
    if (!job) continue;
    job.maxRssBytes = step.maxRss;
    if (step.batchEnded && ended.has(id)) job.complete = true;
  }
  return jobs;
}

/**
 * The job metrics of a job's accounting record (plugin `slurm`; the `core` ones stay what the job
 * script measured on its node, as on the local runner).
 */
export function usageMetrics(usage: SlurmUsage): MetricValue[] {
  const values: Array<[string, number | null]> = [
    ['max_rss_bytes', usage.maxRssBytes],
    ['total_cpu_seconds', usage.totalCpuSeconds === null ? null : Math.round(usage.totalCpuSeconds * 1000) / 1000],
    ['elapsed_seconds', usage.elapsedSeconds],
    ['alloc_cpus', usage.allocCpus],
    ['req_mem_bytes', usage.reqMemBytes],
  ];
  return values.filter((entry): entry is [string, number] => entry[1] !== null).map(([name, value]) => ({ plugin: 'slurm', name, value: String(value) }));
}
