/**
 * The job details screen's reads beyond the job's row: the datasets and collections its parameters
 * name (hid and name, one statement each for a whole request), and where a job of a map over a
 * collection put its outputs (the implicit collection and the element each output is).
 */
import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import type { ServiceContext } from '../../context/service-context';
import { sql } from '../../db/sql/sql-statement';
import { IdDecodeError } from '../../ids/id-codec';
import type { ToolDefinition } from '../../tools';
import { hdaById } from './job.loaders';
import { labelledParameters, type ParameterItem, type ParameterNode, referencedItems } from './job-parameters';
import type { JobView } from './job-view';

const HDCAS = sql<{ id: number; hid: number; name: string }>(
  'job_param_hdcas',
  'select id, hid, name from history_dataset_collection_association where id = any($1::int[])',
);

/** History collections by id: hid and name (a job's collection parameters). */
export const hdcaSummaryById: LoaderFactory<number, { hid: number; name: string } | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const byId = new Map((await ctx.rows(HDCAS, [ids])).map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });

function decodedOrNull(ctx: ServiceContext, encoded: string): number | null {
  try {
    return ctx.services.ids.decode(encoded);
  } catch (error) {
    if (error instanceof IdDecodeError) return null;
    throw error;
  }
}

/** The items the parameters name, read in one batch per kind, by encoded id. */
async function parameterItems(ctx: ServiceContext, job: JobView): Promise<{ dataset(id: string): ParameterItem; collection(id: string): ParameterItem }> {
  const { datasets, collections } = referencedItems(job.params);
  const read = async <T extends { hid: number; name: string }>(ids: string[], load: (id: number) => Promise<T | null>) =>
    new Map(
      await Promise.all(
        ids.map(async (id): Promise<[string, ParameterItem]> => {
          const plain = decodedOrNull(ctx, id);
          const found = plain === null ? null : await load(plain);
          return [id, { id, hid: found?.hid ?? null, name: found?.name ?? null }];
        }),
      ),
    );
  const hdas = ctx.loaders.get(hdaById);
  const hdcas = ctx.loaders.get(hdcaSummaryById);
  const [datasetItems, collectionItems] = await Promise.all([read(datasets, (id) => hdas.load(id)), read(collections, (id) => hdcas.load(id))]);
  const missing = (id: string): ParameterItem => ({ id, hid: null, name: null });
  return { dataset: (id) => datasetItems.get(id) ?? missing(id), collection: (id) => collectionItems.get(id) ?? missing(id) };
}

/** The job's parameters by the tool's labels (by their stored names when the tool is gone). */
export async function jobParameters(ctx: ServiceContext, job: JobView, tool: ToolDefinition | undefined): Promise<ParameterNode[]> {
  return labelledParameters(tool, job.params, await parameterItems(ctx, job));
}

/** The collections the job read, under the flat name of the parameter that gave each. */
export async function jobInputCollections(ctx: ServiceContext, job: JobView, tool: ToolDefinition | undefined): Promise<Array<{ name: string; collection: ParameterItem }>> {
  const found: Array<{ name: string; collection: ParameterItem }> = [];
  const visit = (nodes: ParameterNode[]) => {
    for (const node of nodes) {
      for (const collection of node.collections) found.push({ name: node.name, collection });
      visit(node.children);
    }
  };
  visit(await jobParameters(ctx, job, tool));
  return found;
}

/** An output of a job of a map over a collection: the implicit collection it is an element of. */
export interface MappedElement {
  outputName: string;
  outputHdaId: number;
  hdcaId: number;
  hid: number;
  name: string;
  historyId: number;
  /** Element identifiers from the collection's root down to the output (`sample1`, or `sample1/forward`). */
  path: string[];
}

const MAPPED = sql<MappedElement>(
  'job_mapped_elements',
  `with recursive up as (
     select o.name as output_name, o.hda_id, e.collection_id, array[e.element_identifier]::text[] as path
     from job_to_output_dataset o join dataset_collection_element e on e.hda_id = o.hda_id
     where o.job_id = $1
     union all
     select up.output_name, up.hda_id, p.collection_id, array[p.element_identifier]::text[] || up.path
     from up join dataset_collection_element p on p.child_collection_id = up.collection_id
   )
   select up.output_name as "outputName", up.hda_id as "outputHdaId", c.id as "hdcaId", c.hid, c.name, c.history_id as "historyId", up.path
   from up join history_dataset_collection_association c on c.collection_id = up.collection_id
   join job j on j.id = $1 and c.history_id = j.history_id
   where not c.deleted
   order by c.id, up.output_name`,
);

/** Where the job's outputs are elements of a collection of its history (a job of a map over a collection). */
export async function mappedElements(ctx: ServiceContext, jobId: number): Promise<MappedElement[]> {
  return ctx.rows(MAPPED, [jobId]);
}
