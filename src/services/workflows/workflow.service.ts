import type { ServiceContext } from '../../context/service-context';
import { StoredWorkflow } from '../../entities/workflow.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { IdDecodeError } from '../../ids/id-codec';
import { editorWorkflow, exportWorkflow } from './ga-export';
import { parseGaWorkflow, workflowDict } from './ga-format';
import { findWorkflow, ownedWorkflow, ownsWorkflow, readableWorkflow } from './workflow-access';
import { stepsByVersionId } from './workflow.loaders';
import { addVersion } from './workflow-store';
import { listPublishedWorkflows, listSharedWorkflows, listWorkflows, readWorkflow, type StepView, type WorkflowView } from './workflow-view';
import type { ToolCatalogService } from '../tools';

export const DOWNLOAD_STYLES = ['export', 'editor'] as const;

/**
 * Stored workflows: the listing, show, download in the platform's styles, updates that add a
 * version, and deletion (platform-facts §4.8).
 */
export class WorkflowService {
  constructor(private readonly tools: ToolCatalogService) {}

  /** Own workflows (with everybody's published ones when asked), then those shared with the caller. */
  list(ctx: ServiceContext, showPublished: boolean): Promise<WorkflowView[]> {
    const user = ctx.caller.requireUser();
    return listWorkflows(ctx, user.id, showPublished);
  }

  /** Workflows other users shared with the caller (not deleted), newest first. */
  sharedWithMe(ctx: ServiceContext): Promise<WorkflowView[]> {
    return listSharedWorkflows(ctx, ctx.caller.requireUser().id);
  }

  /** Published workflows of every user (not deleted), newest first; visitors too. */
  published(ctx: ServiceContext): Promise<WorkflowView[]> {
    return listPublishedWorkflows(ctx);
  }

  /** A workflow whose sharing the caller may change (owner or administrator), for the sharing model. */
  async findSharable(ctx: ServiceContext, encodedId: string): Promise<{ id: number; userId: number }> {
    const workflow = await ownedWorkflow(ctx, encodedId);
    return { id: workflow.id, userId: workflow.userId };
  }

  /** Published or link-accessible workflows are readable by visitors too (the REST route asks for an identity first). */
  show(ctx: ServiceContext, encodedId: string): Promise<WorkflowView> {
    return readableWorkflow(ctx, encodedId, undefined, { visitors: true });
  }

  /** The steps of the workflow's latest version, in order. */
  async latestSteps(ctx: ServiceContext, workflow: WorkflowView): Promise<StepView[]> {
    return workflow.latestWorkflowId === null ? [] : ctx.loaders.get(stepsByVersionId).load(workflow.latestWorkflowId);
  }

  /**
   * The workflow as a document: `export` (the `.ga` format, refused with MessageException when a
   * tool is not installed) or `editor`. (Style `instance` is show's dictionary.)
   */
  async download(ctx: ServiceContext, encodedId: string, style: string): Promise<Record<string, unknown>> {
    if (!(DOWNLOAD_STYLES as readonly string[]).includes(style)) throw errors.invalid(`Unknown workflow style '${style}': use export, editor or instance.`);
    const workflow = await readableWorkflow(ctx, encodedId, 'Workflow is not owned by or shared with current user');
    return this.document(ctx, workflow, style);
  }

  async document(ctx: ServiceContext, workflow: WorkflowView, style: string): Promise<Record<string, unknown>> {
    const steps = await this.latestSteps(ctx, workflow);
    const toolOf = (toolId: string) => this.tools.registry.get(toolId);
    if (style === 'editor') return editorWorkflow(workflow, steps, toolOf);
    const exported = exportWorkflow(workflow, steps, toolOf);
    if (!exported) throw new AppError('MessageException', 'Workflow cannot be exported due to missing tools.');
    return exported;
  }

  /**
   * Replaces the contents with a new version (`workflow`: the `.ga` dictionary), as the platform's
   * update does: the version gets a fresh uuid (only an import honours a given one) and the stored
   * workflow's name; the name, annotation and tags the dictionary gives are not applied.
   */
  async update(ctx: ServiceContext, encodedId: string, workflowValue: unknown): Promise<WorkflowView> {
    if (workflowValue === undefined || workflowValue === null || workflowValue === '') {
      throw errors.invalid("Updating workflow requires dictionary containing 'workflow' attribute with new JSON description.");
    }
    const view = await ownedWorkflow(ctx, encodedId);
    const description = parseGaWorkflow(workflowDict(workflowValue));
    await ctx.em.transactional(async (em) => {
      const stored = await em.findOneOrFail(StoredWorkflow, { id: view.id });
      // A null uuid makes addVersion draw a fresh one.
      await addVersion(ctx, stored, { ...description, uuid: null });
    });
    return this.reread(ctx, view.id);
  }

  /**
   * Marks the workflow deleted and answers the platform's message. This route keeps the platform's
   * own answers: an id that names no workflow is 400, another user's workflow 403 (both as text).
   */
  async delete(ctx: ServiceContext, encodedId: string): Promise<string> {
    ctx.caller.requireIdentity();
    let workflow: WorkflowView;
    try {
      workflow = await findWorkflow(ctx, encodedId);
    } catch (error) {
      // An id that names no workflow; a failure of the server itself stays one (500).
      if (!(error instanceof AppError) && !(error instanceof IdDecodeError)) throw error;
      const cause = error.message;
      throw errors.invalid(`Workflow with ID='${encodedId}' can not be found\n Exception: ${cause}`);
    }
    if (!ownsWorkflow(ctx, workflow)) throw errors.notOwned('Workflow is not owned by current user');
    await ctx.em.nativeUpdate(StoredWorkflow, { id: workflow.id }, { deleted: true, updateTime: new Date() });
    return `Workflow '${workflow.name}' successfully deleted`;
  }

  async reread(ctx: ServiceContext, id: number): Promise<WorkflowView> {
    const workflow = await readWorkflow(ctx, id);
    if (!workflow) throw errors.notFound('No such workflow found.');
    return workflow;
  }
}
