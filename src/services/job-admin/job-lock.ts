import type { ServiceContext } from '../../context/service-context';
import { sql } from '../../db/sql/sql-statement';

/** 15.05's job lock as the administrators see it. */
export interface JobLockView {
  locked: boolean;
  /** When it was last locked or unlocked; null when never. */
  changedAt: Date | null;
  /** Who did (their email then; null for the master API key or when never). */
  changedBy: string | null;
}

const READ = sql<{ locked: boolean; update_time: Date; email: string | null }>(
  'job_lock_read',
  `select l.locked, l.update_time, u.email from job_lock l left join galaxy_user u on u.id = l.updated_by where l.id = 1`,
);

/** Whether new jobs are locked (no row: never locked). */
export async function readJobLock(ctx: ServiceContext): Promise<JobLockView> {
  ctx.caller.requireAdmin();
  const row = await ctx.one(READ, []);
  return row ? { locked: row.locked, changedAt: new Date(row.update_time), changedBy: row.email } : { locked: false, changedAt: null, changedBy: null };
}

/**
 * Locks or unlocks new jobs for every server process: the claims of every runner read `job_lock`
 * (src/jobs/job-claims.ts), so while it is locked jobs are created and wait queued. Unlocking sends
 * `job_queued` in the same transaction, so every process's runners look for work at once rather
 * than at their next poll.
 */
export async function setJobLock(ctx: ServiceContext, locked: boolean): Promise<JobLockView> {
  ctx.caller.requireAdmin();
  await ctx.em.transactional(async (tx) => {
    await tx.execute(
      `insert into job_lock (id, locked, update_time, updated_by) values (1, ?, now(), ?)
       on conflict (id) do update set locked = excluded.locked, update_time = excluded.update_time, updated_by = excluded.updated_by`,
      [locked, ctx.caller.userId],
    );
    if (!locked) await tx.execute("select pg_notify('job_queued', '')");
  });
  ctx.log.info({ locked, by: ctx.caller.userId }, locked ? 'new jobs locked' : 'new jobs unlocked');
  return readJobLock(ctx);
}
