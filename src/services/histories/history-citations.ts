import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LoaderFactory } from '../../context/loader-registry';
import type { ContextWith } from '../../context/service-context';
import { collectCitations, type CitationDict, type ToolDefinition, type ToolRegistry } from '../../tools';

/**
 * The tools whose jobs made datasets of each history, in one query. A copied or imported dataset
 * shares its file with the output of the job that made it, so that job counts too.
 */
async function citingToolIds(em: EntityManager, historyIds: readonly number[]): Promise<Map<number, string[]>> {
  const rows = await em.execute<Array<{ history_id: number; tool_id: string }>>(
    `select distinct h.history_id, j.tool_id
     from history_dataset_association h
     join (select coalesce(out_hda.dataset_id, out_ldda.dataset_id) as dataset_id, jo.job_id
           from job_to_output_dataset jo
           left join history_dataset_association out_hda on out_hda.id = jo.hda_id
           left join library_dataset_dataset_association out_ldda on out_ldda.id = jo.ldda_id) made on made.dataset_id = h.dataset_id
     join job j on j.id = made.job_id
     where h.history_id = any(?::int[])
     order by h.history_id, j.tool_id`,
    [`{${historyIds.join(',')}}`],
  );
  const byHistory = new Map<number, string[]>(historyIds.map((id) => [id, []]));
  for (const row of rows) byHistory.get(Number(row.history_id))?.push(row.tool_id);
  return byHistory;
}

function citationsOf(ctx: ToolsContext, toolIds: string[]): CitationDict[] {
  const tools = toolIds.map((id) => ctx.services.tools.registry.get(id)).filter((tool): tool is ToolDefinition => Boolean(tool));
  return collectCitations(tools);
}

/** Citations of histories already known readable (the graph's relation), batched per request. */
/** The tools' registry is what a citation needs (the tool catalog service has it). */
type ToolsContext = ContextWith<{ tools: { registry: ToolRegistry } }>;

export const citationsByHistoryId: LoaderFactory<number, CitationDict[], ToolsContext> = (ctx) =>
  new DataLoader(async (ids) => {
    const byHistory = await citingToolIds(ctx.em, ids);
    return ids.map((id) => citationsOf(ctx, byHistory.get(id) ?? []));
  });
