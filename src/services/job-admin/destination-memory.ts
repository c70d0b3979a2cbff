import type { ServiceContext } from '../../context/service-context';
import { sql } from '../../db/sql/sql-statement';
import { errors } from '../../errors/error-kinds';

/** What the jobs that ended at one destination used of memory, and what they were given. */
export interface DestinationMemory {
  /** The job_conf.xml destination; `none` for jobs run without one. */
  destination: string;
  jobs: number;
  failedJobs: number;
  /**
   * Jobs whose use was measured: the cluster's accounting (`slurm/max_rss_bytes`, sacct's MaxRSS)
   * where it has the job, else what the platform saw (`core/memory_peak_bytes`).
   */
  measuredJobs: number;
  maxUsedBytes: number | null;
  p95UsedBytes: number | null;
  meanUsedBytes: number | null;
  /**
   * The most a job there was given (`core/galaxy_memory_mb`, a batch system's allocation, else the
   * accounting's `slurm/req_mem_bytes`); null when none said.
   */
  allocatedBytes: number | null;
}

/** The longest look back, in days. */
export const MAX_MEMORY_DAYS = 3650;

const BY_DESTINATION = sql<DestinationMemory>(
  'destination_memory',
  `select coalesce(j.destination_id, 'none') as destination,
          count(*)::int as jobs,
          (count(*) filter (where j.state = 'error'))::int as "failedJobs",
          count(coalesce(s.value, u.value))::int as "measuredJobs",
          max(coalesce(s.value, u.value)::float8) as "maxUsedBytes",
          percentile_cont(0.95) within group (order by coalesce(s.value, u.value)::float8) as "p95UsedBytes",
          avg(coalesce(s.value, u.value)::float8) as "meanUsedBytes",
          max(coalesce(a.value::float8 * 1048576, r.value::float8)) as "allocatedBytes"
     from job j
     left join job_metric s on s.job_id = j.id and s.plugin = 'slurm' and s.name = 'max_rss_bytes'
     left join job_metric u on u.job_id = j.id and u.plugin = 'core' and u.name = 'memory_peak_bytes'
     left join job_metric a on a.job_id = j.id and a.plugin = 'core' and a.name = 'galaxy_memory_mb'
     left join job_metric r on r.job_id = j.id and r.plugin = 'slurm' and r.name = 'req_mem_bytes'
    where j.state in ('ok', 'error') and j.update_time >= now() - make_interval(days => $1)
    group by 1 order by 1`,
);

/**
 * The memory the jobs that ended in the last `days` used at each destination against what they
 * were given (administrators only; a job's use is Slurm's MaxRSS where its accounting has it, else
 * the peak the platform saw): one statement over the finished jobs of the period, read by the
 * job listing's index, so a destination too small for its jobs (or much too big) shows.
 */
export async function destinationMemory(ctx: ServiceContext, days: number): Promise<DestinationMemory[]> {
  ctx.caller.requireAdmin();
  if (!Number.isInteger(days) || days < 1 || days > MAX_MEMORY_DAYS) throw errors.invalid(`days must be a whole number from 1 to ${MAX_MEMORY_DAYS}`);
  return ctx.rows(BY_DESTINATION, [days]);
}
