import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Int, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { AppError } from '../../errors/error-kinds';
import { type HistoryView, NO_PARTS } from '../../services/histories';
import { hdaById } from '../../services/jobs';
import { firstItemIdsByHistoryId, MAX_EMBEDDED_HISTORY_ITEMS, type PageEmbedRef, type PageView, pageEmbedRefs, readableHistoryById } from '../../services/pages';
import { decodeId } from '../../services/shared';
import { visualizationById } from '../../services/visualizations';
import { mayReadWorkflow, type WorkflowView, workflowById } from '../../services/workflows';
import { type HdaNode, hdaNode } from '../datasets/hda-node';
import { HistoryContentType } from '../datasets/history-content.type';
import { historyParts } from '../histories/history.resolver';
import { HistoryType } from '../histories/history.type';
import { visualizationNode } from '../visualizations/visualization.resolver';
import { VisualizationType } from '../visualizations/visualization.type';
import { WorkflowType } from '../workflows/workflow.type';
import { PageType } from './page.type';
import { PageEmbedType } from './page-embed.type';

/** The embedded item's id, or null when it cannot be decoded (then nobody may read it). */
function decoded(ctx: RequestContext, ref: PageEmbedRef): number | null {
  try {
    return decodeId(ctx, ref.encodedId);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

@Resolver(() => PageType)
export class PageEmbedsResolver {
  @FieldResolver(() => [PageEmbedType], {
    description:
      "The items the latest revision embeds, in document order (at most 50), each read with the caller's rights (`PageEmbed`); all of a page's items cost a constant number of statements. Read by `page(id)`.",
  })
  embeds(@Root() page: PageView): PageEmbedRef[] {
    return typeof page.content === 'string' ? pageEmbedRefs(page.content) : [];
  }
}

/**
 * Each embedded item as the caller may read it, by the rules of its own show (`history(id)`,
 * `dataset(id)`, `workflow(id)`, `visualization(id)`), whoever wrote the page; read by loaders, one
 * statement per kind for all the items of a request.
 */
@Resolver(() => PageEmbedType)
export class PageEmbedResolver {
  @FieldResolver(() => ID, { description: "The item's encoded id, as the placeholder names it." })
  id(@Root() ref: PageEmbedRef): string {
    return ref.encodedId;
  }

  @FieldResolver(() => HistoryType, { nullable: true, description: 'The embedded history, when the caller may read it.' })
  async history(@Root() ref: PageEmbedRef, @Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo): Promise<HistoryView | null> {
    const id = ref.kind === 'history' ? decoded(ctx, ref) : null;
    return id === null ? null : ctx.loaders.get(readableHistoryById(historyParts(info))).load(id);
  }

  @FieldResolver(() => [HistoryContentType], {
    description: "The embedded history's first visible, undeleted datasets by hid (at most 50), each as the caller may see it (`accessible`); empty when they may not read the history.",
  })
  async historyItems(
    @Root() ref: PageEmbedRef,
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { defaultValue: 10, description: 'At most 50.' }) first: number,
  ): Promise<HdaNode[]> {
    const id = ref.kind === 'history' ? decoded(ctx, ref) : null;
    if (id === null || !(await ctx.loaders.get(readableHistoryById(NO_PARTS)).load(id))) return [];
    const itemIds = (await ctx.loaders.get(firstItemIdsByHistoryId).load(id)).slice(0, Math.max(0, Math.min(first, MAX_EMBEDDED_HISTORY_ITEMS)));
    const views = await ctx.loaders.get(hdaById).loadMany(itemIds);
    return views.flatMap((view) => (view && !(view instanceof Error) ? [hdaNode(ctx, view)] : []));
  }

  @FieldResolver(() => HistoryContentType, { nullable: true, description: 'The embedded dataset, when the caller may read it (its peek, name and state).' })
  async dataset(@Root() ref: PageEmbedRef, @Ctx() ctx: RequestContext): Promise<HdaNode | null> {
    const id = ref.kind === 'dataset' ? decoded(ctx, ref) : null;
    // Each dataset as the caller may see it (`mayReadDataset`); one it may not read is refused whole.
    const hda = id === null ? null : await ctx.loaders.get(hdaById).load(id);
    return hda && hda.accessible ? hdaNode(ctx, hda) : null;
  }

  @FieldResolver(() => WorkflowType, { nullable: true, description: 'The embedded workflow, when the caller may read it.' })
  async workflow(@Root() ref: PageEmbedRef, @Ctx() ctx: RequestContext): Promise<WorkflowView | null> {
    const id = ref.kind === 'workflow' ? decoded(ctx, ref) : null;
    const workflow = id === null ? null : await ctx.loaders.get(workflowById).load(id);
    return workflow && mayReadWorkflow(ctx, workflow) ? workflow : null;
  }

  @FieldResolver(() => VisualizationType, { nullable: true, description: 'The embedded visualization, when the caller may read it.' })
  async visualization(@Root() ref: PageEmbedRef, @Ctx() ctx: RequestContext): Promise<VisualizationType | null> {
    const id = ref.kind === 'visualization' ? decoded(ctx, ref) : null;
    const detail = id === null ? null : await ctx.loaders.get(visualizationById).load(id);
    return detail?.readable ? visualizationNode(ctx, detail) : null;
  }
}
