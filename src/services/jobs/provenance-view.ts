import type { ServiceContext } from '../../context/service-context';
import { sql } from '../../db/sql/sql-statement';
import type { JobParams } from '../../entities/job.entity';
import { datasetAccessibleProbe, type RowAccess } from '../datasets';
import { heldRolesCte } from '../permissions';

/**
 * A dataset a job read, with its dataset's uuid and what `mayReadDataset` needs of it (an input may
 * lie in a history of someone else, and be restricted).
 */
export interface ProvenanceInput extends RowAccess {
  name: string;
  hdaId: number;
  uuid: string | null;
}

/**
 * Where a history dataset came from, as the platform's provenance API sees it: the item is the
 * library dataset it was imported from (if any), else itself; the job is the item's creating job,
 * else that of the first dataset of its copy chain (`creating_job`). Job columns are null without one.
 */
export interface ProvenanceSource {
  hdaId: number;
  itemId: number;
  uuid: string | null;
  jobId: number | null;
  toolId: string | null;
  params: JobParams | null;
  stdout: string | null;
  stderr: string | null;
  inputs: ProvenanceInput[];
}

/** Copy chains longer than this are not followed (they do not occur; it bounds a corrupt loop). */
const MAX_CHAIN = 64;

const outputJob = (kind: string, id: string) =>
  `(select o.job_id from job_to_output_dataset o
     where (${kind} = 'hda' and o.hda_id = ${id}) or (${kind} = 'ldda' and o.ldda_id = ${id}) order by o.id limit 1)`;

/** $1 the datasets, $2 the caller's user id (their roles, for the inputs' access). */
const SOURCES = sql<ProvenanceSource>(
  'provenance_sources',
  `with recursive ${heldRolesCte('$2')},
   chain(start_id, kind, item_id, depth) as (
       select h.id, 'hda'::text, h.id, 0 from history_dataset_association h where h.id = any($1::int[])
     union all
       select c.start_id, n.kind, n.item_id, c.depth + 1
         from chain c
         join lateral (
           select case when s.ldda is not null then 'ldda' else 'hda' end as kind, coalesce(s.ldda, s.hda) as item_id
             from (select h.copied_from_hda_id as hda, h.copied_from_ldda_id as ldda
                     from history_dataset_association h where c.kind = 'hda' and h.id = c.item_id
                   union all
                   select l.copied_from_hda_id, l.copied_from_ldda_id
                     from library_dataset_dataset_association l where c.kind = 'ldda' and l.id = c.item_id) s
            where coalesce(s.ldda, s.hda) is not null
         ) n on true
        where c.depth < ${MAX_CHAIN}
   ),
   picked as (
     select s.id as hda_id,
            it.kind, it.item_id,
            coalesce(${outputJob('it.kind', 'it.item_id')}, ${outputJob('root.kind', 'root.item_id')}) as job_id
       from unnest($1::int[]) s(id)
       join lateral (select c.kind, c.item_id from chain c
                      where c.start_id = s.id and (c.depth = 0 or (c.depth = 1 and c.kind = 'ldda')) order by c.depth desc limit 1) it on true
       join lateral (select c.kind, c.item_id from chain c where c.start_id = s.id order by c.depth desc limit 1) root on true
   )
   select p.hda_id as "hdaId", p.item_id as "itemId",
          coalesce((select d.uuid::text from history_dataset_association x join dataset d on d.id = x.dataset_id where p.kind = 'hda' and x.id = p.item_id),
                   (select d.uuid::text from library_dataset_dataset_association x join dataset d on d.id = x.dataset_id where p.kind = 'ldda' and x.id = p.item_id)) as uuid,
          j.id as "jobId", j.tool_id as "toolId", j.params, j.stdout, j.stderr,
          (select coalesce(json_agg(json_build_object('name', i.name, 'hdaId', i.hda_id, 'uuid', d.uuid,
                    'historyId', ih.history_id, 'historyUserId', ihh.user_id, 'historyPublished', ihh.published, 'historyImportable', ihh.importable,
                    'datasetAccessible', ${datasetAccessibleProbe('d.id')}) order by i.id), '[]')
             from job_to_input_dataset i
             join history_dataset_association ih on ih.id = i.hda_id
             join dataset d on d.id = ih.dataset_id
             join history ihh on ihh.id = ih.history_id
            where i.job_id = j.id) as inputs
     from picked p
     left join job j on j.id = p.job_id`,
);

/** The provenance sources of these history datasets (missing ids are left out): one statement. */
export async function loadProvenanceSources(ctx: ServiceContext, hdaIds: readonly number[]): Promise<ProvenanceSource[]> {
  return ctx.rows(SOURCES, [hdaIds, ctx.caller.userId]);
}
