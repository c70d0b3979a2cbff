import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContextWith } from '../../context/service-context';
import { ACTIVE_JOB_STATES } from '../../entities/job.entity';
import type { JobEngine } from '../../jobs/job-engine';
import type { JobRouting } from '../../jobs/job-routing';

/** How many jobs are in one state at one destination. */
export interface JobCount {
  state: string;
  /** The job_conf.xml destination: the one recorded when a runner took the job, else where it will be routed; null without a job configuration. */
  destinationId: string | null;
  count: number;
}

/**
 * The jobs that may still run (new, queued, running, paused…), counted by state and destination in
 * one statement over the state index (ended jobs are the history, not the queue: they are listed,
 * not counted). A job no runner has taken yet counts at the destination the configuration routes it
 * to, as the claims would.
 */
export async function readJobCounts(em: EntityManager, routing: JobRouting | null): Promise<JobCount[]> {
  const routed = routing?.configured ? routing.destinationOf('j') : null;
  const destination = routed ? `coalesce(j.destination_id, ${routed.sql})` : 'j.destination_id';
  const rows = await em.execute<Array<{ state: string; destination_id: string | null; n: string | number }>>(
    `select j.state, ${destination} as destination_id, count(*) as n from job j
     where j.state = any(?::text[])
     group by 1, 2 order by 1, 2`,
    [...(routed?.params ?? []), `{${ACTIVE_JOB_STATES.join(',')}}`],
  );
  return rows.map((row) => ({ state: row.state, destinationId: row.destination_id, count: Number(row.n) }));
}

/** The counts as an administrator asks for them (anyone else is refused). */
export async function jobCounts(ctx: ContextWith<{ jobEngine: JobEngine }>): Promise<JobCount[]> {
  ctx.caller.requireAdmin();
  return readJobCounts(ctx.em, ctx.services.jobEngine.routing);
}
