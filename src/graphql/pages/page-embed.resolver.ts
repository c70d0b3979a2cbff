import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Int, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { AppError } from '../../errors/error-kinds';
import type { HistoryView } from '../../services/histories';
import { historyItemsPage } from '../../services/collections';
import { type PageEmbedRef, type PageView, pageEmbedRefs } from '../../services/pages';
import type { WorkflowView } from '../../services/workflows';
import { type HdaNode, hdaNode, hdaNodes } from '../datasets/hda-node';
import { HistoryContentType } from '../datasets/history-content.type';
import { historyParts } from '../histories/history.resolver';
import { HistoryType } from '../histories/history.type';
import { selects } from '../shared/lookahead';
import { visualizationNode } from '../visualizations/visualization.resolver';
import { VisualizationType } from '../visualizations/visualization.type';
import { WorkflowType } from '../workflows/workflow.type';
import { PageType } from './page.type';
import { PageEmbedType } from './page-embed.type';

/** At most this many datasets of an embedded history are shown. */
const MAX_HISTORY_ITEMS = 50;

/**
 * A refusal (not found, not accessible, not owned, a malformed id) is "not readable by this caller":
 * null. Anything else is a failure and stays one.
 */
async function readableOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

@Resolver(() => PageType)
export class PageEmbedsResolver {
  @FieldResolver(() => [PageEmbedType], {
    description: 'The items the latest revision embeds, in document order (at most 50), each read with the caller\'s rights (`PageEmbed`). Read by `page(id)`.',
  })
  embeds(@Root() page: PageView): PageEmbedRef[] {
    return typeof page.content === 'string' ? pageEmbedRefs(page.content) : [];
  }
}

/**
 * Each embedded item through the same service read as its own query (`history(id)`, `dataset(id)`,
 * `workflow(id)`, `visualization(id)`), so the page's reader sees exactly what they may see of it.
 */
@Resolver(() => PageEmbedType)
export class PageEmbedResolver {
  @FieldResolver(() => ID, { description: "The item's encoded id, as the placeholder names it." })
  id(@Root() ref: PageEmbedRef): string {
    return ref.encodedId;
  }

  @FieldResolver(() => HistoryType, { nullable: true, description: 'The embedded history, when the caller may read it.' })
  history(@Root() ref: PageEmbedRef, @Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo): Promise<HistoryView | null> {
    if (ref.kind !== 'history') return Promise.resolve(null);
    return readableOrNull(() => ctx.services.histories.readable(ctx, ref.encodedId, historyParts(info)));
  }

  @FieldResolver(() => [HistoryContentType], { description: "The embedded history's first visible, undeleted datasets by hid (at most 50), as the caller may see them; empty when they may not read the history." })
  async historyItems(
    @Root() ref: PageEmbedRef,
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { defaultValue: 10, description: 'At most 50.' }) first: number,
  ): Promise<HdaNode[]> {
    if (ref.kind !== 'history') return [];
    const size = Math.max(1, Math.min(first, MAX_HISTORY_ITEMS));
    const page = await readableOrNull(() => historyItemsPage(ctx, ref.encodedId, { deleted: false, visible: true }, size, null, { tags: false, summary: true, permissions: false }));
    if (!page) return [];
    return hdaNodes(ctx, page.items.flatMap(({ item }) => (item.kind === 'dataset' ? [item.view] : [])));
  }

  @FieldResolver(() => HistoryContentType, { nullable: true, description: 'The embedded dataset, when the caller may read it (its peek, name and state).' })
  async dataset(@Root() ref: PageEmbedRef, @Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo): Promise<HdaNode | null> {
    if (ref.kind !== 'dataset') return null;
    const hda = await readableOrNull(() => ctx.services.hdas.readable(ctx, ref.encodedId, { tags: selects(info, 'tags'), permissions: selects(info, 'permissions') }));
    return hda && hdaNode(ctx, hda);
  }

  @FieldResolver(() => WorkflowType, { nullable: true, description: 'The embedded workflow, when the caller may read it.' })
  workflow(@Root() ref: PageEmbedRef, @Ctx() ctx: RequestContext): Promise<WorkflowView | null> {
    if (ref.kind !== 'workflow') return Promise.resolve(null);
    return readableOrNull(() => ctx.services.workflows.show(ctx, ref.encodedId));
  }

  @FieldResolver(() => VisualizationType, { nullable: true, description: 'The embedded visualization, when the caller may read it.' })
  async visualization(@Root() ref: PageEmbedRef, @Ctx() ctx: RequestContext): Promise<VisualizationType | null> {
    if (ref.kind !== 'visualization') return null;
    const detail = await readableOrNull(() => ctx.services.visualizations.show(ctx, ref.encodedId));
    return detail && visualizationNode(ctx, detail);
  }
}
