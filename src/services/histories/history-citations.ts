import type { RequestContext } from '../../context/request-context';
import { collectCitations, type CitationDict, type ToolDefinition } from '../../tools';

/** BibTeX dictionaries of the tools whose jobs produced datasets of a history (each once). */
export async function historyCitations(ctx: RequestContext, encodedHistoryId: string): Promise<CitationDict[]> {
  const history = await ctx.services.histories.findReadable(ctx, encodedHistoryId);
  const rows = await ctx.em.execute<Array<{ tool_id: string }>>(
    `select distinct j.tool_id from job j
     join job_to_output_dataset jo on jo.job_id = j.id
     join history_dataset_association hda on hda.id = jo.hda_id
     where hda.history_id = ? order by j.tool_id`,
    [history.id],
  );
  const tools = rows.map((row) => ctx.services.tools.registry.get(row.tool_id)).filter((tool): tool is ToolDefinition => Boolean(tool));
  return collectCitations(tools);
}
