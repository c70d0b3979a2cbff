import type { ServiceContext } from '../../context/service-context';
import { User } from '../../entities/user.entity';
import { StoredWorkflow, Workflow } from '../../entities/workflow.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { decodeId, sanitizeText } from '../shared';
import { findWorkflow, mayReadWorkflow, ownedWorkflow } from './workflow-access';
import { fetchWorkflowJson } from './workflow-fetch';
import { stepsByVersionId } from './workflow.loaders';
import { addVersion, storeNewWorkflow } from './workflow-store';
import { parseGaWorkflow, workflowDict } from './ga-format';
import { listDeletedWorkflows, type WorkflowView } from './workflow-view';
import type { WorkflowService } from './workflow.service';
import type { WorkflowImportService } from './workflow-import.service';
import type { TagService } from '../tags';

/** The longest name a stored workflow keeps (its column). */
const NAME_LENGTH = 255;

/**
 * What the workflows list and a workflow's screen manage (15.05's Rename, Edit annotation, tags,
 * Copy, Delete and Undelete, Import from URL, and going back to a version): changes are for the
 * owner and administrators, as the REST updates are; a copy for whoever may read it.
 */
export class WorkflowManageService {
  constructor(private readonly workflows: WorkflowService, private readonly imports: WorkflowImportService, private readonly tags: TagService) {}

  /** The stored workflow and its latest version take the new name. */
  async rename(ctx: ServiceContext, encodedId: string, name: string): Promise<WorkflowView> {
    const workflow = await ownedWorkflow(ctx, encodedId);
    const clean = sanitizeText(name.trim());
    if (!clean) throw errors.missing('A workflow needs a name.');
    if (clean.length > NAME_LENGTH) throw errors.invalid(`A workflow name has at most ${NAME_LENGTH} characters.`);
    await ctx.em.transactional(async (em) => {
      await em.nativeUpdate(StoredWorkflow, { id: workflow.id }, { name: clean, updateTime: new Date() });
      if (workflow.latestWorkflowId !== null) await em.nativeUpdate(Workflow, { id: workflow.latestWorkflowId }, { name: clean });
    });
    return this.workflows.reread(ctx, workflow.id);
  }

  /** Sets the annotation (sanitized); an empty one removes it. */
  async annotate(ctx: ServiceContext, encodedId: string, annotation: string): Promise<WorkflowView> {
    const workflow = await ownedWorkflow(ctx, encodedId);
    const clean = sanitizeText(annotation.trim());
    await ctx.em.nativeUpdate(StoredWorkflow, { id: workflow.id }, { annotation: clean || null, updateTime: new Date() });
    return this.workflows.reread(ctx, workflow.id);
  }

  /** Replaces the tags ("name" or "name:value"); the owner of the workflow owns them. */
  async setTags(ctx: ServiceContext, encodedId: string, tags: string[]): Promise<WorkflowView> {
    const workflow = await ownedWorkflow(ctx, encodedId);
    await ctx.em.transactional(async () => {
      await this.tags.setTags(ctx, ctx.em.getReference(User, workflow.userId), 'stored_workflow', workflow.id, tags);
    });
    return this.workflows.reread(ctx, workflow.id);
  }

  /** 15.05's Copy: a new workflow of the caller named "Copy of '<name>'", with the latest version's steps, annotation and tags. */
  async copy(ctx: ServiceContext, encodedId: string): Promise<WorkflowView> {
    const user = ctx.caller.requireUser();
    const source = await findWorkflow(ctx, encodedId);
    if (!mayReadWorkflow(ctx, source)) throw errors.notAccessible('Workflow is not owned by or shared with current user');
    if (source.deleted) throw new AppError('ItemDeletionException', "You can't copy this workflow because it has been deleted.");
    const steps = source.latestWorkflowId === null ? [] : await ctx.loaders.get(stepsByVersionId).load(source.latestWorkflowId);
    const name = `Copy of '${source.name}'`.slice(0, NAME_LENGTH);
    const id = await ctx.em.transactional(async () => {
      const description = { name, annotation: source.annotation, uuid: null, tags: source.tags, hasCycles: source.hasCycles, steps: steps.map((step) => ({ ...step })) };
      return (await storeNewWorkflow(ctx, this.tags, user.id, description, { name })).id;
    });
    return this.workflows.reread(ctx, id);
  }

  async undelete(ctx: ServiceContext, encodedId: string): Promise<WorkflowView> {
    const workflow = await ownedWorkflow(ctx, encodedId);
    if (workflow.deleted) await ctx.em.nativeUpdate(StoredWorkflow, { id: workflow.id }, { deleted: false, updateTime: new Date() });
    return this.workflows.reread(ctx, workflow.id);
  }

  /** The caller's deleted workflows, newest first. */
  deleted(ctx: ServiceContext): Promise<WorkflowView[]> {
    return listDeletedWorkflows(ctx, ctx.caller.requireUser().id);
  }

  /** A `.ga` file fetched from a http(s) URL, named "<name> (imported from URL)". */
  async importFromUrl(ctx: ServiceContext, url: string): Promise<WorkflowView> {
    ctx.caller.requireUser();
    const dict = await fetchWorkflowJson(url, ctx.services.config.allowPrivateUrlFetch);
    const description = parseGaWorkflow(workflowDict(dict));
    return this.imports.importDescription(ctx, description, { name: `${description.name} (imported from URL)`.slice(0, NAME_LENGTH) });
  }

  /**
   * "Revert to this version": a new latest version with that version's steps, as an update (PUT)
   * would store them (fresh version uuid, the stored workflow's name).
   */
  async revert(ctx: ServiceContext, encodedId: string, encodedVersionId: string): Promise<WorkflowView> {
    const workflow = await ownedWorkflow(ctx, encodedId);
    const versionId = decodeId(ctx, encodedVersionId, () => errors.malformedId(`Malformed workflow version id ( ${encodedVersionId} ) specified, unable to decode`));
    const version = await ctx.em.findOne(Workflow, { id: versionId, storedWorkflow: workflow.id });
    if (!version) throw errors.notFound('This workflow has no such version.');
    const steps = await ctx.loaders.get(stepsByVersionId).load(version.id);
    await ctx.em.transactional(async (em) => {
      const stored = await em.findOneOrFail(StoredWorkflow, { id: workflow.id });
      await addVersion(ctx, stored, { name: stored.name, annotation: null, uuid: null, tags: [], hasCycles: version.hasCycles, steps: steps.map((step) => ({ ...step })) });
    });
    return this.workflows.reread(ctx, workflow.id);
  }
}
