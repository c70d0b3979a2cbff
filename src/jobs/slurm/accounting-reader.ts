import type { Logger } from '../../logging/logger';
import type { SlurmClient } from './slurm-client';
import type { SlurmUsage } from './slurm-usage';

/** How long an ended job may wait for its accounting record to be whole before it is finished without. */
export const ACCOUNTING_WAIT_MS = 5000;

/**
 * Reads what ended jobs used from Slurm's accounting, one sacct for all the jobs a poll found ended.
 * slurmctld sends a job's end to slurmdbd after it ends (at once here, later under load): a job whose
 * record is not whole yet is left for the next polls, `waitMs` at most from when it was first seen
 * ended, then finished without it (a record not whole may say PENDING, or no memory). Without
 * accounting nothing waits.
 */
export class AccountingReader {
  /** When each waiting job (platform id) was first seen ended. */
  private readonly firstSeen = new Map<number, number>();

  constructor(
    private readonly slurm: SlurmClient,
    private readonly log: Logger,
    private readonly waitMs = ACCOUNTING_WAIT_MS,
  ) {}

  /** Usage by platform job id, and the jobs to finish at a later poll (their record not whole yet). */
  async read(jobs: ReadonlyArray<{ id: number; externalId: string }>): Promise<{ usage: Map<number, SlurmUsage>; later: Set<number> }> {
    const usage = new Map<number, SlurmUsage>();
    const later = new Set<number>();
    // Jobs no longer among the ended ones (cancelled meanwhile) wait no more.
    for (const id of this.firstSeen.keys()) if (!jobs.some((job) => job.id === id)) this.firstSeen.delete(id);
    if (jobs.length === 0) return { usage, later };
    let bySlurmId: Map<string, SlurmUsage>;
    try {
      bySlurmId = await this.slurm.usage(jobs.map((job) => job.externalId));
    } catch (error) {
      // Accounting unreachable (slurmdbd down): the jobs finish all the same, with the script's measures.
      this.log.warn({ err: error, jobs: jobs.map((job) => job.id) }, 'reading Slurm accounting for ended jobs failed; finished without it');
      for (const job of jobs) this.firstSeen.delete(job.id);
      return { usage, later };
    }
    const now = Date.now();
    for (const job of jobs) {
      const found = bySlurmId.get(job.externalId);
      const since = this.firstSeen.get(job.id) ?? now;
      if (this.slurm.keepsAccounting && !found?.complete && now - since < this.waitMs) {
        this.firstSeen.set(job.id, since);
        later.add(job.id);
        continue;
      }
      this.firstSeen.delete(job.id);
      if (found?.complete && now > since) this.log.debug({ jobId: job.id, slurmJobId: job.externalId, waitedMs: now - since }, "Slurm's accounting record of an ended job whole after a wait");
      if (found?.complete) usage.set(job.id, found);
      else if (this.slurm.keepsAccounting) this.log.info({ jobId: job.id, slurmJobId: job.externalId, waitedMs: now - since, record: found ?? null }, "Slurm's accounting record of an ended job is not whole; finished without it");
    }
    return { usage, later };
  }
}
