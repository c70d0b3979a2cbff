import type { ServiceContext } from '../../../context/service-context';
import { sql } from '../../../db/sql/sql-statement';

/** A dataset of the history picked as a workflow input (by hid). */
export interface PickedDataset {
  hid: number;
  name: string;
  datasetId: number;
}

/** A collection of the history picked as a workflow input (by hid), with the datasets at its leaves. */
export interface PickedCollection {
  id: number;
  hid: number;
  name: string;
  collectionType: string;
  leafDatasetIds: number[];
}

export interface ExtractedJob {
  id: number;
  toolId: string;
  toolVersion: string;
  params: Record<string, unknown>;
  userId: number | null;
  historyId: number | null;
  /** Parameter name -> dataset id (the underlying dataset, shared by every copy). */
  inputs: Array<{ name: string; datasetId: number }>;
  outputs: Array<{ name: string; datasetId: number }>;
}

const DATASETS = sql<PickedDataset>(
  'extraction_datasets',
  `select hda.hid, hda.name, hda.dataset_id as "datasetId" from history_dataset_association hda
   where hda.history_id = $1 and hda.hid = any($2::int[]) order by hda.hid`,
);

const COLLECTIONS = sql<PickedCollection>(
  'extraction_collections',
  `with recursive leaves(root, collection_id) as (
     select a.id, a.collection_id from history_dataset_collection_association a where a.history_id = $1 and a.hid = any($2::int[])
     union
     select l.root, e.child_collection_id from leaves l join dataset_collection_element e on e.collection_id = l.collection_id where e.child_collection_id is not null
   )
   select a.id, a.hid, a.name, c.collection_type as "collectionType",
     array(select h.dataset_id from leaves l join dataset_collection_element e on e.collection_id = l.collection_id
           join history_dataset_association h on h.id = e.hda_id where l.root = a.id) as "leafDatasetIds"
   from history_dataset_collection_association a join dataset_collection c on c.id = a.collection_id
   where a.history_id = $1 and a.hid = any($2::int[]) order by a.hid`,
);

const JOBS = sql<ExtractedJob>(
  'extraction_jobs',
  `select j.id, j.tool_id as "toolId", j.tool_version as "toolVersion", j.params, j.user_id as "userId", j.history_id as "historyId",
     (select coalesce(json_agg(json_build_object('name', l.name, 'datasetId', h.dataset_id) order by l.id), '[]') from job_to_input_dataset l
           join history_dataset_association h on h.id = l.hda_id where l.job_id = j.id) as inputs,
     (select coalesce(json_agg(json_build_object('name', l.name, 'datasetId', h.dataset_id) order by l.id), '[]') from job_to_output_dataset l
           join history_dataset_association h on h.id = l.hda_id where l.job_id = j.id) as outputs
   from job j where j.id = any($1::int[]) order by j.id`,
);

/**
 * For datasets of the history's collections: the collection (HDCA) of this history each dataset is
 * an element of, with the output name of implicit collections (how mapped jobs are grouped).
 */
const CONTAINING = sql<{ datasetId: number; hdcaId: number }>(
  'extraction_containing_collections',
  `select h.dataset_id as "datasetId", a.id as "hdcaId"
   from history_dataset_collection_association a
   join dataset_collection_element e on e.collection_id = a.collection_id
   join history_dataset_association h on h.id = e.hda_id
   where a.history_id = $1 and h.dataset_id = any($2::int[]) order by a.id`,
);

export const pickedDatasets = (ctx: ServiceContext, historyId: number, hids: number[]) => ctx.rows(DATASETS, [historyId, hids]);
export const pickedCollections = (ctx: ServiceContext, historyId: number, hids: number[]) => ctx.rows(COLLECTIONS, [historyId, hids]);
export const extractedJobs = (ctx: ServiceContext, jobIds: number[]) => ctx.rows(JOBS, [jobIds]);

/** Dataset id -> the first collection of the history holding it. */
export async function containingCollections(ctx: ServiceContext, historyId: number, datasetIds: number[]): Promise<Map<number, number>> {
  const rows = await ctx.rows(CONTAINING, [historyId, datasetIds]);
  const map = new Map<number, number>();
  for (const row of rows) if (!map.has(row.datasetId)) map.set(row.datasetId, row.hdcaId);
  return map;
}
