import type { Database } from '../db/database';
import { sql } from '../db/sql/sql-statement';
import { FINISHED_JOB_STATES } from '../entities/job.entity';
import type { MetricsSources } from './platform-metrics';

/** Jobs not over, by state and destination: a few rows, read by the (state, id) index. */
const UNFINISHED_JOBS = sql<{ state: string; destination: string; count: number }>(
  'metrics_unfinished_jobs',
  `select state, coalesce(destination_id, 'none') as destination, count(*)::int as count
     from job where not (state = any($1::text[])) group by 1, 2`,
);

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** What /metrics reads of a running platform's database: unfinished jobs, and this process's pool. */
export function platformSources(db: Database): MetricsSources {
  return {
    jobCounts: () => db.reader.rows(null, UNFINISHED_JOBS, [FINISHED_JOB_STATES]),
    pool: () => {
      const pool = (db.orm.em.getKnex().client as { pool?: TarnPool }).pool;
      return pool ? { used: pool.numUsed(), free: pool.numFree(), pending: pool.numPendingAcquires() } : null;
    },
  };
}
