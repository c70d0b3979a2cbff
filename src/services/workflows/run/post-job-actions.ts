import type { RequestContext } from '../../../context/request-context';
import { HistoryDatasetCollectionAssociation } from '../../../entities/dataset-collection.entity';
import type { HistoryDatasetAssociation } from '../../../entities/hda.entity';
import { JobInputDataset, JobOutputDataset } from '../../../entities/job-dataset.entity';
import type { Job } from '../../../entities/job.entity';
import type { PostJobActionSpec } from '../../../entities/workflow.entity';

/**
 * Post-job actions the platform applies as soon as a step's jobs exist ("immediate actions"):
 * rename (with `#{input}` and `${replacement}`), hide, change datatype and tag. Actions that act
 * when jobs end (delete intermediates, e-mail, column metadata) are kept in the workflow but
 * performed by nobody here.
 */
export const IMMEDIATE_ACTIONS = ['RenameDatasetAction', 'HideDatasetAction', 'ChangeDatatypeAction', 'TagDatasetAction'];

/** `#{input1}`, `#{input1 | basename}`, `#{input1 | upper}`, `#{input1 | lower}`. */
function renameWith(template: string, inputNames: Map<string, string>, replacements: Record<string, string>): string {
  let name = template.replace(/#\{\s*([^}|\s]+)\s*(?:\|\s*(\w+)\s*)?\}/g, (whole, input: string, filter: string | undefined) => {
    const value = inputNames.get(input);
    if (value === undefined) return whole;
    if (filter === 'basename') return value.replace(/\.[^.]*$/, '');
    if (filter === 'upper') return value.toUpperCase();
    if (filter === 'lower') return value.toLowerCase();
    return value;
  });
  name = name.replace(/\$\{\s*([^}\s]+)\s*\}/g, (whole, key: string) => replacements[key] ?? whole);
  return name;
}

const argument = (action: PostJobActionSpec, key: string): string | null => {
  const value = action.arguments[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
};

/** Applies a step's immediate actions to the outputs of its jobs (one job, or one per mapped element). */
export async function applyPostJobActions(
  ctx: RequestContext,
  actions: readonly PostJobActionSpec[],
  jobs: readonly Job[],
  mappedCollections: ReadonlyMap<string, number>,
  replacements: Record<string, string>,
): Promise<void> {
  const immediate = actions.filter((action) => IMMEDIATE_ACTIONS.includes(action.actionType));
  if (immediate.length === 0 || jobs.length === 0) return;
  const em = ctx.em;
  const [inputs, outputs] = await Promise.all([
    em.find(JobInputDataset, { job: { $in: jobs.map((job) => job.id) } }, { populate: ['hda'] }),
    em.find(JobOutputDataset, { job: { $in: jobs.map((job) => job.id) } }, { populate: ['hda', 'hda.dataset'] }),
  ]);
  const byJob = <T extends { job: { id: number } }>(links: T[]) => {
    const grouped = new Map<number, T[]>();
    for (const link of links) grouped.set(link.job.id, [...(grouped.get(link.job.id) ?? []), link]);
    return grouped;
  };
  const inputsOf = byJob(inputs);
  const outputsOf = byJob(outputs);
  for (const job of jobs) {
    // Input parameter names, and their last segment (`queries_0|input2` answers `#{input2}` too).
    const inputNames = new Map<string, string>();
    for (const input of (inputsOf.get(job.id) ?? []).filter((link) => link.hda)) {
      inputNames.set(input.name, (input.hda as HistoryDatasetAssociation).name);
      inputNames.set(input.name.split('|').pop() as string, (input.hda as HistoryDatasetAssociation).name);
    }
    for (const output of (outputsOf.get(job.id) ?? []).filter((link) => link.hda)) {
      const hda = output.hda as HistoryDatasetAssociation;
      for (const action of immediate.filter((candidate) => candidate.outputName === output.name || candidate.outputName === '')) {
        await applyOne(ctx, action, hda, inputNames, replacements);
      }
    }
  }
  // Hiding a mapped output hides the collection that gathers it.
  for (const action of immediate.filter((candidate) => candidate.actionType === 'HideDatasetAction')) {
    const hdcaId = mappedCollections.get(action.outputName);
    if (hdcaId !== undefined) await em.nativeUpdate(HistoryDatasetCollectionAssociation, { id: hdcaId }, { visible: false });
  }
  await em.flush();
}

async function applyOne(ctx: RequestContext, action: PostJobActionSpec, hda: HistoryDatasetAssociation, inputNames: Map<string, string>, replacements: Record<string, string>): Promise<void> {
  switch (action.actionType) {
    case 'RenameDatasetAction': {
      const newName = argument(action, 'newname');
      if (newName) hda.name = renameWith(newName, inputNames, replacements).slice(0, 255);
      return;
    }
    case 'HideDatasetAction':
      hda.visible = false;
      return;
    case 'ChangeDatatypeAction': {
      const newType = argument(action, 'newtype');
      if (newType) hda.extension = newType;
      return;
    }
    case 'TagDatasetAction': {
      const tags = (argument(action, 'tags') ?? '').split(',').map((tag) => tag.trim()).filter(Boolean);
      const owner = ctx.userRef();
      if (owner) for (const tag of tags) await ctx.services.tags.addTag(ctx, owner, 'hda', hda.id, tag, null);
      return;
    }
  }
}
