import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { WorkflowView } from '../../services/workflows';
import { Access } from '../shared/access';
import { WorkflowType } from './workflow.type';

/** Managing stored workflows from the web UI (owner or administrator; a copy for whoever may read it). */
@Resolver()
export class WorkflowManageResolver {
  @Query(() => [WorkflowType], { description: "The caller's deleted workflows, newest first (those Undelete brings back)." })
  @Access('user')
  deletedWorkflows(@Ctx() ctx: RequestContext): Promise<WorkflowView[]> {
    return ctx.services.workflowManagement.deleted(ctx);
  }

  @Mutation(() => WorkflowType, { description: 'Renames the workflow (owner or administrator).' })
  @Access('user')
  renameWorkflow(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('name', () => String) name: string): Promise<WorkflowView> {
    return ctx.services.workflowManagement.rename(ctx, id, name);
  }

  @Mutation(() => WorkflowType, { description: 'Sets the annotation; an empty one removes it (owner or administrator).' })
  @Access('user')
  annotateWorkflow(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('annotation', () => String) annotation: string): Promise<WorkflowView> {
    return ctx.services.workflowManagement.annotate(ctx, id, annotation);
  }

  @Mutation(() => WorkflowType, { description: 'Replaces the tags, each "name" or "name:value" (owner or administrator).' })
  @Access('user')
  setWorkflowTags(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('tags', () => [String]) tags: string[]): Promise<WorkflowView> {
    return ctx.services.workflowManagement.setTags(ctx, id, tags);
  }

  @Mutation(() => WorkflowType, { description: "A copy of the caller's own, named \"Copy of '<name>'\" (whoever may read it; not a deleted one)." })
  @Access('user')
  copyWorkflow(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<WorkflowView> {
    return ctx.services.workflowManagement.copy(ctx, id);
  }

  @Mutation(() => WorkflowType, { description: 'Brings a deleted workflow back (owner or administrator).' })
  @Access('user')
  undeleteWorkflow(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<WorkflowView> {
    return ctx.services.workflowManagement.undelete(ctx, id);
  }

  @Mutation(() => WorkflowType, { description: 'Imports the .ga file a http(s) URL answers (public addresses only unless ALLOW_PRIVATE_URL_FETCH), named "<name> (imported from URL)".' })
  @Access('user')
  importWorkflowFromUrl(@Ctx() ctx: RequestContext, @Arg('url', () => String) url: string): Promise<WorkflowView> {
    return ctx.services.workflowManagement.importFromUrl(ctx, url);
  }

  @Mutation(() => WorkflowType, { description: "Makes a new latest version with an earlier version's steps, as an update (PUT) stores them (owner or administrator)." })
  @Access('user')
  revertWorkflow(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('versionId', () => ID) versionId: string): Promise<WorkflowView> {
    return ctx.services.workflowManagement.revert(ctx, id, versionId);
  }
}
