import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { checkWorkflowRun, type InvocationView, refuseRunWithProblems, type RunFormStep, type RunProblem, runFormSteps, stepsByVersionId, type WorkflowView } from '../../services/workflows';
import { JSONObjectScalar } from '../shared/scalars';
import { Access } from '../shared/access';
import { ToolInputInterface, type ToolInputNode, toolInputNode } from '../tools/tool-inputs.type';
import { InvocationType, RunWorkflowInputType, WorkflowType } from '../workflows/workflow.type';
import { WorkflowRunProblemType, WorkflowRunStepType } from './workflow-run.type';

@Resolver(() => WorkflowType)
export class WorkflowRunFormResolver {
  @FieldResolver(() => [WorkflowRunStepType], { description: "The latest version's steps as the run form shows them: numbered as the platform numbers them, tool steps with their tool's form and stored values." })
  async runForm(@Root() workflow: WorkflowView, @Ctx() ctx: RequestContext): Promise<RunFormStep[]> {
    const steps = workflow.latestWorkflowId === null ? [] : await ctx.loaders.get(stepsByVersionId).load(workflow.latestWorkflowId);
    return runFormSteps(steps, ctx.services.tools.registry);
  }

  @Query(() => [WorkflowRunProblemType], { description: 'What a run with these parameters would refuse, by step and field (empty: it may run).' })
  @Access('user')
  workflowRunCheck(@Ctx() ctx: RequestContext, @Arg('workflowId', () => ID) workflowId: string, @Arg('input', () => RunWorkflowInputType) input: RunWorkflowInputType): Promise<RunProblem[]> {
    return checkWorkflowRun(ctx, workflowId, input, ctx.services.tools.registry, ctx.services.toolData.selectOptions);
  }

  @Mutation(() => InvocationType, {
    description: "Checks the run's parameters, then queues it as invokeWorkflow does; refused with every problem (extensions.problems, \"Step 2: Sort, field 'in': …\") before any job is queued.",
  })
  @Access('user')
  async invokeWorkflowChecked(
    @Ctx() ctx: RequestContext,
    @Arg('workflowId', () => ID) workflowId: string,
    @Arg('input', () => RunWorkflowInputType) input: RunWorkflowInputType,
    @Arg('mapOverCollections', () => Boolean, { nullable: true, description: 'A collection ({src: hdca}) given to a dataset input maps the steps it feeds over its elements, their outputs gathered in collections (batch over a collection).' })
    mapOverCollections?: boolean,
  ): Promise<InvocationView> {
    await refuseRunWithProblems(ctx, workflowId, input, ctx.services.tools.registry, ctx.services.toolData.selectOptions);
    return ctx.services.invocations.invoke(ctx, workflowId, { ...input, mapOverCollections: mapOverCollections ?? false });
  }
}

@Resolver(() => WorkflowRunStepType)
export class WorkflowRunStepResolver {
  @FieldResolver(() => Int)
  orderIndex(@Root() step: RunFormStep): number {
    return step.step.orderIndex;
  }

  @FieldResolver(() => String)
  type(@Root() step: RunFormStep): string {
    return step.step.type;
  }

  @FieldResolver(() => String, { nullable: true })
  label(@Root() step: RunFormStep): string | null {
    return step.step.label;
  }

  @FieldResolver(() => String, { nullable: true })
  annotation(@Root() step: RunFormStep): string | null {
    return step.step.annotation;
  }

  @FieldResolver(() => String, { nullable: true })
  toolId(@Root() step: RunFormStep): string | null {
    return step.step.toolId;
  }

  @FieldResolver(() => String, { nullable: true })
  toolName(@Root() step: RunFormStep): string | null {
    return step.tool?.name ?? null;
  }

  @FieldResolver(() => String, { nullable: true })
  toolVersion(@Root() step: RunFormStep): string | null {
    return step.step.toolVersion;
  }

  @FieldResolver(() => Boolean)
  toolInstalled(@Root() step: RunFormStep): boolean {
    return step.step.type !== 'tool' || step.tool !== null;
  }

  @FieldResolver(() => String, { nullable: true })
  collectionType(@Root() step: RunFormStep): string | null {
    const value = step.step.toolInputs.collection_type;
    return step.step.type === 'data_collection_input' && typeof value === 'string' && value ? value : null;
  }

  @FieldResolver(() => [ToolInputInterface], { description: "A tool step's tool form (as Tool.inputs gives it; empty when not installed or not a tool step)." })
  toolInputs(@Root() step: RunFormStep, @Ctx() ctx: RequestContext): ToolInputNode[] {
    return step.tool ? step.tool.inputs.map((input) => toolInputNode(input, ctx.services.toolData.selectOptions)) : [];
  }

  @FieldResolver(() => JSONObjectScalar, { description: "The step's stored values by flat name (connected inputs and runtime parameters left out)." })
  values(@Root() step: RunFormStep): Record<string, unknown> {
    return step.values;
  }
}
