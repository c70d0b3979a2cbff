import type { ServiceContext } from '../../context/service-context';
import { ACTIVE_JOB_STATES } from '../../entities/job.entity';
import { errors } from '../../errors/error-kinds';
import { setOutputStates } from '../../jobs/job-claims';
import { decodeId } from '../shared';

/** At most this many jobs in one cancel. */
export const MAX_CANCEL_JOBS = 1000;

/** What an administrator's cancel did: the jobs stopped, and those that had already ended. */
export interface CancelledJobs {
  cancelled: number[];
  alreadyFinished: number[];
}

/** 15.05's words for a job an administrator stopped. */
export function stoppedByAdministrator(message: string | null | undefined): string {
  const reason = message?.trim();
  return reason ? `This job was stopped by an administrator: ${reason}` : 'This job was stopped by an administrator.';
}

/**
 * Stops jobs that may still run, as cancelling a workflow run does: in one transaction each becomes
 * `deleted` (claim let go) and its outputs `discarded`. The runner that holds one stops it: a local
 * command is killed at its next heartbeat (which no longer finds the job running), a Slurm job is
 * cancelled with scancel at the next poll of the process that follows it (or adopts it), and a
 * finished run's result is dropped. Jobs that had already ended are left as they are and named.
 */
export async function cancelJobs(ctx: ServiceContext, encodedIds: readonly string[], message?: string | null): Promise<CancelledJobs> {
  ctx.caller.requireAdmin();
  if (encodedIds.length === 0) throw errors.invalid('No job given to cancel.');
  if (encodedIds.length > MAX_CANCEL_JOBS) throw errors.invalid(`At most ${MAX_CANCEL_JOBS} jobs may be cancelled at once.`);
  const ids = [...new Set(encodedIds.map((id) => decodeId(ctx, id)))];
  const info = stoppedByAdministrator(message);
  return ctx.em.transactional(async (tx) => {
    const found = await tx.execute<Array<{ id: number }>>('select id from job where id = any(?::int[]) order by id for update', [`{${ids.join(',')}}`]);
    if (found.length !== ids.length) throw errors.notFound('No job with one of the ids given.');
    const rows = await tx.execute<Array<{ id: number }>>(
      `update job set state = 'deleted', handler = null, end_time = now(), update_time = now(), info = ?
       where id = any(?::int[]) and state = any(?::text[])
       returning id`,
      [info, `{${ids.join(',')}}`, `{${ACTIVE_JOB_STATES.join(',')}}`],
    );
    const cancelled = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    await setOutputStates(tx, cancelled, 'discarded', info);
    const stopped = new Set(cancelled);
    return { cancelled, alreadyFinished: ids.filter((id) => !stopped.has(id)).sort((a, b) => a - b) };
  });
}
