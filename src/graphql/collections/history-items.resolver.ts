import { type GraphQLResolveInfo, type GraphQLSchema, GraphQLUnionType } from 'graphql';
import { Arg, Ctx, ID, Info, Query, Resolver, createUnionType } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { historyItems } from '../../services/collections';
import { HistoryContentType } from '../datasets/history-content.type';
import { HDA_SUMMARY_FIELDS, type HdaNode, hdaNodes } from '../datasets/hda-node';
import { Access } from '../shared/access';
import { selectedFields } from '../shared/lookahead';
import { HistoryCollectionType } from './collection.types';
import { type HdcaNode, hdcaNode } from './collection-nodes';

const itemTypeName = (value: object) => ('collectionType' in value ? 'HistoryDatasetCollection' : 'HistoryContent');

/** A dataset or a dataset collection of a history. */
export const HistoryItemUnion = createUnionType({
  name: 'HistoryItem',
  types: () => [HistoryContentType, HistoryCollectionType] as const,
  resolveType: itemTypeName,
});

/**
 * type-graphql wraps resolveType in an async function; graphql-jit (the shim's executor) needs the
 * type name synchronously, so the built schema gets the plain function back.
 */
export function useSyncItemTypeResolver(schema: GraphQLSchema): GraphQLSchema {
  const union = schema.getType('HistoryItem');
  if (union instanceof GraphQLUnionType) union.resolveType = itemTypeName;
  return schema;
}

@Resolver()
export class HistoryItemsResolver {
  @Query(() => [HistoryItemUnion], { description: "A readable history's datasets and collections, by hid (`types` picks the kinds; both by default)." })
  @Access('anonymous')
  async historyItems(
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('types', () => [String], { nullable: true, description: "'dataset', 'dataset_collection'." }) types?: string[],
    @Arg('ids', () => [ID], { nullable: true, description: 'Dataset ids (lists no collections).' }) ids?: string[],
    @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean,
    @Arg('visible', () => Boolean, { nullable: true }) visible?: boolean,
  ): Promise<Array<HdaNode | HdcaNode>> {
    const fields = selectedFields(info, 'HistoryContent');
    const summary = [...fields].every((field) => (HDA_SUMMARY_FIELDS as readonly string[]).includes(field));
    const tags = fields.has('tags');
    const items = await historyItems(ctx, historyId, types ?? [], { ids, deleted, visible }, { tags, summary, permissions: fields.has('permissions') });
    const datasets = await hdaNodes(ctx, items.flatMap((item) => (item.kind === 'dataset' ? [item.view] : [])), tags);
    let next = 0;
    return items.map((item) => (item.kind === 'dataset' ? datasets[next++] : hdcaNode(ctx, item.view)));
  }
}
