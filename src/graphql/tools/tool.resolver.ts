import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { ToolRunResult } from '../../services/tools';
import type { ToolDefinition } from '../../tools';
import { type HdcaNode, hdcaNode } from '../collections/collection-nodes';
import { type HdaNode, hdaNode } from '../datasets/hda-node';
import { Access } from '../shared/access';
import { JSONObjectScalar, JSONScalar } from '../shared/scalars';
import { ToolInputInterface, type ToolInputNode, toolInputNode } from './tool-inputs.type';
import { RunToolInput, ToolPanelSectionType, ToolRunType, ToolType } from './tool.type';

@Resolver(() => ToolType)
export class ToolResolver {
  @Query(() => [ToolType])
  @Access('anonymous')
  tools(@Ctx() ctx: RequestContext): ToolDefinition[] {
    return ctx.services.tools.registry.list();
  }

  @Query(() => ToolType)
  @Access('anonymous')
  tool(@Ctx() ctx: RequestContext, @Arg('id', () => String) id: string): ToolDefinition {
    return ctx.services.tools.find(id);
  }

  @Query(() => JSONScalar, { description: "The platform's tool panel (GET /api/tools): sections with tool dictionaries, or a flat list." })
  @Access('anonymous')
  toolPanel(@Ctx() ctx: RequestContext, @Arg('inPanel', () => Boolean, { nullable: true }) inPanel?: boolean): unknown {
    return ctx.services.tools.list(ctx, inPanel ?? true);
  }

  @Query(() => [ToolPanelSectionType], { description: 'The tool panel, typed: its sections in order with their tools (hidden tools for administrators only).' })
  @Access('anonymous')
  toolPanelSections(@Ctx() ctx: RequestContext): ToolPanelSectionType[] {
    return ctx.services.tools.panel(ctx);
  }

  @Query(() => [String], { description: 'Ids of the tools a free-text query finds, best first (GET /api/tools?q=).' })
  @Access('anonymous')
  toolSearch(@Ctx() ctx: RequestContext, @Arg('q', () => String) q: string): string[] {
    return ctx.services.tools.search(ctx, q);
  }

  @Query(() => [String], { description: 'Versions installed of a tool id (GET /api/tools?tool_id=).' })
  @Access('anonymous')
  toolVersions(@Ctx() ctx: RequestContext, @Arg('id', () => String) id: string): string[] {
    return ctx.services.tools.versions(id);
  }

  @Mutation(() => ToolRunType, { description: 'Runs a tool: a queued job and its output datasets (uploads included).' })
  @Access('anonymous')
  async runTool(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => RunToolInput) input: RunToolInput,
  ): Promise<{ outputs: Array<{ name: string; dataset: HdaNode }>; jobs: ToolRunResult['jobs']; implicitCollections: Array<{ name: string; collection: HdcaNode }> }> {
    const files = (input.files ?? []).map((file) => ({ name: file.name, file: file.file }));
    const run = await ctx.services.toolExecution.executeWithFiles(ctx, { toolId: input.toolId, historyId: input.historyId, inputs: input.inputs ?? {}, remapJobId: input.rerunRemapJobId ?? null }, files);
    return {
      outputs: run.outputs.map((output) => ({ name: output.name, dataset: hdaNode(ctx, output.dataset) })),
      jobs: run.jobs,
      implicitCollections: run.implicitCollections.map((implicit) => ({ name: implicit.name, collection: hdcaNode(ctx, implicit.collection) })),
    };
  }

  @FieldResolver(() => JSONObjectScalar, { description: "The platform's tool dictionary (with inputs and outputs when ioDetails)." })
  dict(@Root() tool: ToolDefinition, @Ctx() ctx: RequestContext, @Arg('ioDetails', () => Boolean, { nullable: true }) ioDetails?: boolean): Record<string, unknown> {
    return { ...ctx.services.tools.show(ctx, tool.id, ioDetails ?? false) };
  }

  @FieldResolver(() => [ToolInputInterface], { description: "The tool's form, typed: each input with its kind's own fields (a select's options read from its data table now)." })
  inputs(@Root() tool: ToolDefinition, @Ctx() ctx: RequestContext): ToolInputNode[] {
    return tool.inputs.map((input) => toolInputNode(input, ctx.services.toolData.selectOptions));
  }

  @FieldResolver(() => [JSONObjectScalar], { description: 'BibTeX citations.' })
  citations(@Root() tool: ToolDefinition, @Ctx() ctx: RequestContext): Array<Record<string, unknown>> {
    return ctx.services.tools.citations(tool.id).map((citation) => ({ ...citation }));
  }
}
