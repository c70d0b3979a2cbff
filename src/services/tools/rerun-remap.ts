/**
 * "Replace the failed element in its collection" (15.05's `rerun_remap_job_id`): a run of the same
 * tool takes a failed job of a map over a collection's place. Each output of the new job becomes the
 * element the old job's output of the same name was, in every collection of the history holding it,
 * and is hidden like the other elements of a mapped run.
 */
import type { HistoryDatasetAssociation } from '../../entities/hda.entity';
import type { ServiceContext } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import { sql } from '../../db/sql/sql-statement';
import { mappedElements, type MappedElement, mayReplaceMappedElements } from '../jobs';
import { decodeId } from '../shared';

export interface RemapPlan {
  jobId: number;
  elements: MappedElement[];
}

const OLD_JOB = sql<{ userId: number | null; toolId: string; state: string; historyId: number | null }>(
  'remap_old_job',
  'select user_id as "userId", tool_id as "toolId", state, history_id as "historyId" from job where id = $1',
);

/** Checks the job to replace: the caller's own failed job of this tool, in this history, whose outputs are collection elements. */
export async function planRemap(ctx: ServiceContext, encodedJobId: string, toolId: string, historyId: number): Promise<RemapPlan> {
  const userId = ctx.caller.requireUser().id;
  const jobId = decodeId(ctx, encodedJobId, () => errors.malformedId());
  const old = await ctx.one(OLD_JOB, [jobId]);
  if (!old || old.userId !== userId) throw errors.notFound(`No Job found with id: ${encodedJobId}`);
  if (old.toolId !== toolId) throw errors.invalidAttribute(`Job ${encodedJobId} ran another tool (${old.toolId}): only a run of the same tool can replace its outputs.`);
  if (old.state !== 'error') throw errors.invalidAttribute(`Job ${encodedJobId} did not fail (its state is ${old.state}): only a failed job's elements are replaced.`);
  if (old.historyId !== historyId) throw errors.invalidAttribute(`Job ${encodedJobId} ran in another history: run the tool in that history to replace its elements.`);
  const elements = await mappedElements(ctx, jobId);
  if (elements.length === 0) throw errors.invalidAttribute(`The outputs of job ${encodedJobId} are not elements of a collection: there is nothing to replace.`);
  // Each refusal above says why; the rule as a whole is the one the rerun form offers by.
  if (!mayReplaceMappedElements(userId, old, elements.length)) throw errors.invalidAttribute(`Job ${encodedJobId}'s elements cannot be replaced.`);
  return { jobId, elements };
}

/** Puts the new outputs in the old ones' places (one statement) and hides them. */
export async function applyRemap(ctx: ServiceContext, plan: RemapPlan, outputs: ReadonlyArray<{ name: string; dataset: HistoryDatasetAssociation }>): Promise<void> {
  const byName = new Map(outputs.map((output) => [output.name, output.dataset]));
  const pairs = plan.elements.flatMap((element) => {
    const replacement = byName.get(element.outputName);
    return replacement ? [{ old_id: element.outputHdaId, new_id: replacement.id }] : [];
  });
  if (pairs.length === 0) throw errors.invalidAttribute('The new run has none of the outputs of the job it replaces.');
  await ctx.em.execute(
    `update dataset_collection_element e set hda_id = r.new_id
     from jsonb_to_recordset(?::jsonb) as r(old_id int, new_id int) where e.hda_id = r.old_id`,
    [JSON.stringify(pairs)],
  );
  const replaced = new Set(pairs.map((pair) => pair.new_id));
  for (const output of outputs) if (replaced.has(output.dataset.id)) output.dataset.visible = false;
  await ctx.em.flush();
}
