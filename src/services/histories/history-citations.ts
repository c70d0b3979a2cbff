import type { RequestContext } from '../../context/request-context';
import { collectCitations, type CitationDict, type ToolDefinition } from '../../tools';

/**
 * BibTeX dictionaries of the tools whose jobs produced datasets of a history (each once). A copied or
 * imported dataset shares its file with the output of the job that made it, so that job counts too.
 */
export async function historyCitations(ctx: RequestContext, encodedHistoryId: string): Promise<CitationDict[]> {
  const history = await ctx.services.histories.findReadable(ctx, encodedHistoryId);
  const rows = await ctx.em.execute<Array<{ tool_id: string }>>(
    `select distinct j.tool_id from job j
     join job_to_output_dataset jo on jo.job_id = j.id
     left join history_dataset_association out_hda on out_hda.id = jo.hda_id
     left join library_dataset_dataset_association out_ldda on out_ldda.id = jo.ldda_id
     where coalesce(out_hda.dataset_id, out_ldda.dataset_id) in (select dataset_id from history_dataset_association where history_id = ?)
     order by j.tool_id`,
    [history.id],
  );
  const tools = rows.map((row) => ctx.services.tools.registry.get(row.tool_id)).filter((tool): tool is ToolDefinition => Boolean(tool));
  return collectCitations(tools);
}
