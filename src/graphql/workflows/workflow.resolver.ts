import { WorkflowActionsType } from './workflow-actions.type';
import { type WorkflowActions, workflowActionsFor } from '../../services/workflows';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { StepConnection } from '../../entities/workflow.entity';
import { buildModule } from '../../services/workflows';
import { storedToolInputs } from '../../services/workflows';
import type { WorkflowRequestResult } from '../../services/workflows';
import { stepsByVersionId, type VersionView, versionsByWorkflowId } from '../../services/workflows';
import type { StepView, WorkflowView } from '../../services/workflows';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { JSONObjectScalar, JSONScalar } from '../shared/scalars';
import {
  BuildModuleInputType,
  ExtractionInputType,
  StepConnectionType,
  WorkflowRequestInputType,
  WorkflowRequestResultType,
  WorkflowStepType,
  WorkflowType,
  WorkflowVersionType,
} from './workflow.type';

@Resolver(() => WorkflowType)
export class WorkflowResolver {
  @Query(() => [WorkflowType], { description: "The caller's workflows (with everybody's published ones when asked), then those shared with the caller." })
  @Access('user')
  workflows(@Ctx() ctx: RequestContext, @Arg('showPublished', () => Boolean, { nullable: true }) showPublished?: boolean): Promise<WorkflowView[]> {
    return ctx.services.workflows.list(ctx, showPublished ?? false);
  }

  @Query(() => WorkflowType, { description: 'A workflow its owner, administrators, users it is shared with, or anyone (visitors too, when importable or published) may read.' })
  @Access('anonymous')
  workflow(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<WorkflowView> {
    return ctx.services.workflows.show(ctx, id);
  }

  @Query(() => JSONObjectScalar, { description: 'The workflow as a document: style export (.ga), editor.' })
  @Access('user')
  workflowDocument(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('style', () => String, { nullable: true }) style?: string): Promise<Record<string, unknown>> {
    return ctx.services.workflows.download(ctx, id, style || 'export');
  }

  @Mutation(() => WorkflowType, { description: 'Imports a .ga workflow (named "<name> (imported from API)").' })
  @Access('user')
  importWorkflow(
    @Ctx() ctx: RequestContext,
    @Arg('workflow', () => JSONScalar) workflow: unknown,
    @Arg('publish', () => Boolean, { nullable: true }) publish?: boolean,
    @Arg('importable', () => Boolean, { nullable: true }) importable?: boolean,
  ): Promise<WorkflowView> {
    return ctx.services.workflowImports.importDict(ctx, workflow, { publish, importable });
  }

  @Mutation(() => WorkflowType, { description: 'A copy of an importable or shared workflow, named "imported: <name>".' })
  @Access('user')
  importSharedWorkflow(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<WorkflowView> {
    return ctx.services.workflowImports.importShared(ctx, id);
  }

  @Mutation(() => WorkflowType, { description: 'Imports a .ga file of an installed depot repository (administrators).' })
  @Access('admin')
  importInstalledWorkflowFile(@Ctx() ctx: RequestContext, @Arg('path', () => String) path: string): Promise<WorkflowView> {
    return ctx.services.workflowImports.importInstalledFile(ctx, path);
  }

  @Mutation(() => WorkflowType, { description: 'A workflow made from jobs and inputs of a history.' })
  @Access('user')
  extractWorkflow(@Ctx() ctx: RequestContext, @Arg('input', () => ExtractionInputType) input: ExtractionInputType): Promise<WorkflowView> {
    return ctx.services.workflowExtraction.extract(ctx, { ...input, fromHistoryId: input.fromHistoryId ?? '' });
  }

  @Mutation(() => WorkflowType, { description: 'Replaces the contents with a new version (owner or administrator).' })
  @Access('owner')
  updateWorkflow(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('workflow', () => JSONScalar, { nullable: true }) workflow?: unknown): Promise<WorkflowView> {
    return ctx.services.workflows.update(ctx, id, workflow);
  }

  @Mutation(() => String, { description: "Marks the workflow deleted; answers the platform's message." })
  @Access('owner')
  deleteWorkflow(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<string> {
    return ctx.services.workflows.delete(ctx, id);
  }

  @Mutation(() => WorkflowRequestResultType, { description: 'POST /api/workflows: import, copy, extract or run, by what the request gives.' })
  @Access('user')
  workflowRequest(@Ctx() ctx: RequestContext, @Arg('input', () => WorkflowRequestInputType) input: WorkflowRequestInputType): Promise<WorkflowRequestResult> {
    return ctx.services.workflowRequests.handle(ctx, input);
  }

  @Mutation(() => JSONObjectScalar, { description: "The editor's model of a tool step." })
  @Access('user')
  buildWorkflowModule(@Ctx() ctx: RequestContext, @Arg('input', () => BuildModuleInputType) input: BuildModuleInputType): Record<string, unknown> {
    return buildModule(ctx, input);
  }

  @FieldResolver(() => ID)
  id(@Root() workflow: WorkflowView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, workflow.id);
  }

  @FieldResolver(() => WorkflowActionsType, { description: 'What the caller may do with it (no statement: from the row and the caller).' })
  viewerCan(@Root() workflow: WorkflowView, @Ctx() ctx: RequestContext): WorkflowActions {
    return workflowActionsFor(ctx, workflow);
  }

  @FieldResolver(() => String, { description: 'The show path of the workflow.' })
  url(@Root() workflow: WorkflowView, @Ctx() ctx: RequestContext): string {
    return `/api/workflows/${encoded(ctx, workflow.id)}`;
  }

  @FieldResolver(() => [WorkflowStepType], { description: "The latest version's steps, in order (one statement for a whole listing)." })
  steps(@Root() workflow: WorkflowView, @Ctx() ctx: RequestContext): Promise<StepView[]> | StepView[] {
    return workflow.latestWorkflowId === null ? [] : ctx.loaders.get(stepsByVersionId).load(workflow.latestWorkflowId);
  }

  @FieldResolver(() => [WorkflowVersionType], { description: 'Every version, oldest first, or newest first when asked (one statement for a whole listing).' })
  async versions(
    @Root() workflow: WorkflowView,
    @Ctx() ctx: RequestContext,
    @Arg('newestFirst', () => Boolean, { nullable: true }) newestFirst?: boolean,
  ): Promise<VersionView[]> {
    const versions = await ctx.loaders.get(versionsByWorkflowId).load(workflow.id);
    return newestFirst ? [...versions].reverse() : versions;
  }

  @FieldResolver(() => Int, { description: 'Steps of the latest version.' })
  async stepCount(@Root() workflow: WorkflowView, @Ctx() ctx: RequestContext): Promise<number> {
    return (await this.steps(workflow, ctx)).length;
  }
}

@Resolver(() => WorkflowStepType)
export class WorkflowStepResolver {
  @FieldResolver(() => ID)
  id(@Root() step: StepView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, step.id);
  }

  @FieldResolver(() => Int, { description: 'The unencoded step id (the platform shows it raw in a workflow and its inputs).' })
  rawId(@Root() step: StepView): number {
    return step.id;
  }

  @FieldResolver(() => JSONObjectScalar, {
    nullable: true,
    description: "The step's state as the platform stores it: a tool step's parameters as name -> JSON text (null when the tool is not installed); an input step's name (and collection type).",
  })
  toolInputsRaw(@Root() step: StepView, @Ctx() ctx: RequestContext): Record<string, unknown> | null {
    return storedToolInputs(step, step.toolId ? ctx.services.tools.registry.get(step.toolId) : undefined);
  }

  @FieldResolver(() => [StepConnectionType])
  inputConnections(@Root() step: StepView): Array<StepConnection & { inputName: string }> {
    return Object.entries(step.inputConnections).flatMap(([inputName, sources]) => sources.map((source) => ({ inputName, ...source })));
  }

  @FieldResolver(() => JSONScalar, { description: 'Post-job actions: [{actionType, outputName, arguments}].' })
  postJobActions(@Root() step: StepView): unknown {
    return step.postJobActions;
  }

  @FieldResolver(() => JSONScalar, { description: 'Outputs marked as the workflow\'s: [{outputName, label, uuid}].' })
  workflowOutputs(@Root() step: StepView): unknown {
    return step.workflowOutputs;
  }
}

@Resolver(() => WorkflowVersionType)
export class WorkflowVersionResolver {
  @FieldResolver(() => ID)
  id(@Root() version: VersionView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, version.id);
  }

  @FieldResolver(() => [WorkflowStepType], { description: "This version's steps, in order (one statement for a whole listing)." })
  steps(@Root() version: VersionView, @Ctx() ctx: RequestContext): Promise<StepView[]> {
    return ctx.loaders.get(stepsByVersionId).load(version.id);
  }
}
