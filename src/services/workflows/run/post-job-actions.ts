import type { ServiceContext } from '../../../context/service-context';
import { HistoryDatasetCollectionAssociation } from '../../../entities/dataset-collection.entity';
import { HistoryDatasetAssociation } from '../../../entities/hda.entity';
import type { Job } from '../../../entities/job.entity';
import type { PostJobActionSpec } from '../../../entities/workflow.entity';
import { errors } from '../../../errors/error-kinds';
import { parseTag } from '../../tags';
import {
  deleteTagsStatement,
  type InputRow,
  inputRowsStatement,
  insertTagsStatement,
  type OutputChange,
  type OutputRow,
  outputRowsStatement,
  run,
  type TagRow,
  updateOutputsStatement,
} from './post-job-action-rows';

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

/**
 * Applies a step's immediate actions to the outputs of its jobs (one job, or one per mapped element),
 * set-based: the jobs' inputs and outputs are read in one statement each, every output's new values
 * worked out here, then written in one update (and the tags in one delete and one insert), however
 * many jobs the step made (post-job-action-rows.ts).
 */
export async function applyPostJobActions(
  ctx: ServiceContext,
  actions: readonly PostJobActionSpec[],
  jobs: readonly Job[],
  mappedCollections: ReadonlyMap<string, number>,
  replacements: Record<string, string>,
): Promise<void> {
  const immediate = actions.filter((action) => IMMEDIATE_ACTIONS.includes(action.actionType));
  if (immediate.length === 0 || jobs.length === 0) return;
  const em = ctx.em;
  // The managed rows of a one-job step must reach the database before it is read by SQL.
  await em.flush();
  const jobIds = jobs.map((job) => job.id);
  const [inputs, outputs] = await Promise.all([run<InputRow>(em, inputRowsStatement(jobIds)), run<OutputRow>(em, outputRowsStatement(jobIds))]);
  const inputNamesOf = new Map<number, Map<string, string>>();
  for (const input of inputs) {
    // Input parameter names, and their last segment (`queries_0|input2` answers `#{input2}` too).
    const names = inputNamesOf.get(input.job_id) ?? new Map<string, string>();
    names.set(input.name, input.hda_name);
    names.set(input.name.split('|').pop() as string, input.hda_name);
    inputNamesOf.set(input.job_id, names);
  }
  const changes: OutputChange[] = [];
  const tags: TagRow[] = [];
  for (const output of outputs) {
    const changed: OutputChange = { id: output.hda_id, name: output.hda_name, visible: output.visible, extension: output.extension };
    for (const action of immediate.filter((candidate) => candidate.outputName === output.name || candidate.outputName === '')) {
      applyOne(action, changed, inputNamesOf.get(output.job_id) ?? new Map(), replacements, tags);
    }
    if (changed.name !== output.hda_name || changed.visible !== output.visible || changed.extension !== output.extension) changes.push(changed);
  }
  const now = new Date();
  if (changes.length > 0) await run(em, updateOutputsStatement(changes, now));
  syncManaged(ctx, changes);
  const owner = ctx.userRef();
  const placed = lastOfEachName(tags);
  if (owner && placed.length > 0) {
    await run(em, deleteTagsStatement(placed));
    await run(em, insertTagsStatement(owner.id, placed, now));
  }
  // Hiding a mapped output hides the collection that gathers it.
  for (const action of immediate.filter((candidate) => candidate.actionType === 'HideDatasetAction')) {
    const hdcaId = mappedCollections.get(action.outputName);
    if (hdcaId !== undefined) await em.nativeUpdate(HistoryDatasetCollectionAssociation, { id: hdcaId }, { visible: false });
  }
}

function applyOne(action: PostJobActionSpec, output: OutputChange, inputNames: Map<string, string>, replacements: Record<string, string>, tags: TagRow[]): void {
  switch (action.actionType) {
    case 'RenameDatasetAction': {
      const newName = argument(action, 'newname');
      if (newName) output.name = renameWith(newName, inputNames, replacements).slice(0, 255);
      return;
    }
    case 'HideDatasetAction':
      output.visible = false;
      return;
    case 'ChangeDatatypeAction': {
      const newType = argument(action, 'newtype');
      if (newType) output.extension = newType;
      return;
    }
    case 'TagDatasetAction': {
      for (const text of (argument(action, 'tags') ?? '').split(',').map((tag) => tag.trim()).filter(Boolean)) {
        const tag = parseTag(text);
        if (!tag) throw errors.missing('A tag name is required.');
        tags.push({ itemId: output.id, name: tag.name, value: tag.value });
      }
      return;
    }
  }
}

/** A dataset keeps one tag of a name: the last given, where it was given. */
function lastOfEachName(tags: readonly TagRow[]): TagRow[] {
  const last = new Map<string, number>();
  tags.forEach((tag, index) => last.set(`${tag.itemId}\u0000${tag.name}`, index));
  return tags.filter((tag, index) => last.get(`${tag.itemId}\u0000${tag.name}`) === index);
}

/**
 * The outputs of a one-job step are managed by the EntityManager (a mapped step's are not): they take
 * the values written, so the transaction's later reads and flushes see them.
 */
function syncManaged(ctx: ServiceContext, changes: readonly OutputChange[]): void {
  const unitOfWork = ctx.em.getUnitOfWork();
  for (const change of changes) {
    const managed = unitOfWork.getById<HistoryDatasetAssociation>(HistoryDatasetAssociation.name, change.id);
    if (managed) Object.assign(managed, { name: change.name, visible: change.visible, extension: change.extension });
  }
}
