import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { sql } from '../../db/sql/sql-statement';

const RESUBMITTED_OUTPUTS = sql<{ hdaId: number }>(
  'resubmitted_outputs',
  `select distinct jo.hda_id as "hdaId" from job_to_output_dataset jo join job j on j.id = jo.job_id
   where jo.hda_id = any($1::int[]) and j.resubmissions > 0`,
);

/**
 * Whether the job that made a history dataset was ever resubmitted to another destination
 * (job_conf.xml `<resubmit>`): the platform's `resubmitted` of a dataset's detailed view, which
 * 15.05 reads from the job's state history. One query per batch.
 */
export const hdaResubmitted: LoaderFactory<number, boolean> = (ctx) =>
  new DataLoader(async (ids) => {
    const found = new Set((await ctx.rows(RESUBMITTED_OUTPUTS, [ids])).map((row) => Number(row.hdaId)));
    return ids.map((id) => found.has(id));
  });
