import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { historyItemsPage } from '../../services/collections';
import { HDA_SUMMARY_FIELDS, hdaNodes } from '../datasets/hda-node';
import { Access } from '../shared/access';
import { selectedFields } from '../shared/lookahead';
import { hdcaNode } from './collection-nodes';
import { HistoryItemFilterInput } from './history-item-filter.input';
import { HistoryItemConnection } from './history-items-page.types';

@Resolver()
export class HistoryItemsPageResolver {
  @Query(() => HistoryItemConnection, {
    description: "A page of a readable history's datasets and collections by hid (cursor pagination: `first` items `after` a cursor; the same cost wherever the page is).",
  })
  @Access('anonymous')
  async historyItemsPage(
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('first', () => Int, { defaultValue: 100, description: 'At most 1000.' }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean,
    @Arg('visible', () => Boolean, { nullable: true }) visible?: boolean,
    @Arg('newestFirst', () => Boolean, { defaultValue: false, description: 'Highest hid first, as the history panel shows them.' }) newestFirst?: boolean,
    @Arg('filter', () => HistoryItemFilterInput, { nullable: true, description: "The panel's filter (its deleted and visible, when given, take the place of the arguments of the same name)." })
    filter?: HistoryItemFilterInput | null,
  ): Promise<HistoryItemConnection> {
    const fields = selectedFields(info, 'HistoryContent', ['edges', 'node']);
    const summary = [...fields].every((field) => (HDA_SUMMARY_FIELDS as readonly string[]).includes(field));
    const tags = fields.has('tags');
    const page = await historyItemsPage(ctx, historyId, { ...filter, deleted: filter?.deleted ?? deleted, visible: filter?.visible ?? visible, newestFirst }, first, after, { tags, summary, permissions: fields.has('permissions') });
    const datasets = await hdaNodes(ctx, page.items.flatMap(({ item }) => (item.kind === 'dataset' ? [item.view] : [])), tags);
    let next = 0;
    const edges = page.items.map(({ item, cursor }) => ({ cursor, node: item.kind === 'dataset' ? datasets[next++] : hdcaNode(ctx, item.view) }));
    const wantsTotal = selectedFields(info).has('totalCount');
    return {
      edges,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.length > 0 ? edges[edges.length - 1].cursor : (after ?? null) },
      totalCount: wantsTotal ? await page.totalCount() : 0,
    };
  }
}
