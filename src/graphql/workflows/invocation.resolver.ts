import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { ContentRef } from '../../entities/workflow-invocation.entity';
import { hdcaViewById } from '../../services/collections';
import { jobById } from '../../services/jobs';
import type { JobView } from '../../services/jobs';
import { type InvocationStepView, type InvocationView, stepsByInvocationId } from '../../services/workflows';
import { HistoryCollectionType } from '../collections/collection.types';
import { type HdcaNode, hdcaNode } from '../collections/collection-nodes';
import { JobType } from '../jobs/job.type';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { InvocationInputType, InvocationOutputType, InvocationStepType, InvocationType, RunWorkflowInputType } from './workflow.type';

type Labelled = ContentRef & { name: string };

@Resolver(() => InvocationType)
export class InvocationResolver {
  @Query(() => [InvocationType], { description: "The caller's runs of a workflow (administrators: everybody's), newest first." })
  @Access('user')
  workflowInvocations(@Ctx() ctx: RequestContext, @Arg('workflowId', () => ID) workflowId: string): Promise<InvocationView[]> {
    return ctx.services.invocations.list(ctx, workflowId);
  }

  @Query(() => InvocationType, { description: 'A run of the caller (any, for administrators); with workflowId it must be a run of that workflow.' })
  @Access('owner')
  workflowInvocation(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('workflowId', () => ID, { nullable: true }) workflowId?: string): Promise<InvocationView> {
    return ctx.services.invocations.show(ctx, workflowId ?? null, id);
  }

  @Mutation(() => InvocationType, { description: 'Runs the workflow and answers once it is scheduled (the legacy POST /api/workflows).' })
  @Access('user')
  runWorkflow(@Ctx() ctx: RequestContext, @Arg('workflowId', () => ID) workflowId: string, @Arg('input', () => RunWorkflowInputType) input: RunWorkflowInputType): Promise<InvocationView> {
    return ctx.services.invocations.run(ctx, workflowId, input);
  }

  @Mutation(() => InvocationType, { description: 'Queues a run of the workflow; a background worker schedules it.' })
  @Access('user')
  invokeWorkflow(@Ctx() ctx: RequestContext, @Arg('workflowId', () => ID) workflowId: string, @Arg('input', () => RunWorkflowInputType) input: RunWorkflowInputType): Promise<InvocationView> {
    return ctx.services.invocations.invoke(ctx, workflowId, input);
  }

  @Mutation(() => InvocationType, { description: 'Cancels a run that is not over: its unfinished jobs are deleted.' })
  @Access('owner')
  cancelWorkflowInvocation(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('workflowId', () => ID, { nullable: true }) workflowId?: string): Promise<InvocationView> {
    return ctx.services.invocations.cancel(ctx, workflowId ?? null, id);
  }

  @FieldResolver(() => ID)
  id(@Root() invocation: InvocationView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, invocation.id);
  }

  @FieldResolver(() => ID, { description: 'The workflow version that ran.' })
  workflowId(@Root() invocation: InvocationView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, invocation.workflowId);
  }

  @FieldResolver(() => ID)
  storedWorkflowId(@Root() invocation: InvocationView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, invocation.storedWorkflowId);
  }

  @FieldResolver(() => ID)
  historyId(@Root() invocation: InvocationView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, invocation.historyId);
  }

  @FieldResolver(() => [InvocationInputType])
  inputs(@Root() invocation: InvocationView): Array<ContentRef & { orderIndex: number }> {
    return Object.entries(invocation.request.inputs).map(([orderIndex, ref]) => ({ orderIndex: Number(orderIndex), ...ref }));
  }

  @FieldResolver(() => [InvocationStepType], { description: 'The scheduled steps, in order (one statement for any number of invocations).' })
  steps(@Root() invocation: InvocationView, @Ctx() ctx: RequestContext): Promise<InvocationStepView[]> {
    return ctx.loaders.get(stepsByInvocationId).load(invocation.id);
  }

  @FieldResolver(() => [ID], {
    description: "The outputs of the run's tool steps, step by step, as the platform's legacy run answer lists them: datasets, or the implicit collections of a step mapped over a collection.",
  })
  async legacyOutputIds(@Root() invocation: InvocationView, @Ctx() ctx: RequestContext): Promise<string[]> {
    return (await ctx.services.invocations.legacyOutputIds(ctx, invocation)).map((id) => encoded(ctx, id));
  }
}

@Resolver(() => InvocationInputType)
export class InvocationInputResolver {
  @FieldResolver(() => ID)
  id(@Root() input: ContentRef, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, input.id);
  }
}

@Resolver(() => InvocationStepType)
export class InvocationStepResolver {
  @FieldResolver(() => ID)
  id(@Root() step: InvocationStepView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, step.id);
  }

  @FieldResolver(() => ID)
  workflowStepId(@Root() step: InvocationStepView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, step.workflowStepId);
  }

  @FieldResolver(() => ID, { nullable: true, description: 'The job, when the step ran exactly one.' })
  jobId(@Root() step: InvocationStepView, @Ctx() ctx: RequestContext): string | null {
    return step.jobIds.length === 1 ? encoded(ctx, step.jobIds[0]) : null;
  }

  @FieldResolver(() => Int)
  jobCount(@Root() step: InvocationStepView): number {
    return step.jobIds.length;
  }

  @FieldResolver(() => [JobType], { description: 'The jobs of the step (one per element when it mapped over a collection).' })
  async jobs(@Root() step: InvocationStepView, @Ctx() ctx: RequestContext): Promise<JobView[]> {
    const jobs = await ctx.loaders.get(jobById).loadMany(step.jobIds);
    return jobs.filter((job): job is JobView => job !== null && !(job instanceof Error));
  }

  @FieldResolver(() => [InvocationOutputType])
  outputs(@Root() step: InvocationStepView): Labelled[] {
    return Object.entries(step.outputs).map(([name, ref]) => ({ name, ...ref }));
  }
}

@Resolver(() => InvocationOutputType)
export class InvocationOutputResolver {
  @FieldResolver(() => ID)
  id(@Root() output: Labelled, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, output.id);
  }

  @FieldResolver(() => HistoryCollectionType, {
    nullable: true,
    description: "The collection (src hdca: the outputs of a step mapped over a collection, gathered in the run's history), with its name, hid and elements; null for a dataset. One statement for every output of a request.",
  })
  async collection(@Root() output: Labelled, @Ctx() ctx: RequestContext): Promise<HdcaNode | null> {
    if (output.src !== 'hdca') return null;
    const view = await ctx.loaders.get(hdcaViewById).load(output.id);
    return view ? hdcaNode(ctx, view) : null;
  }
}
