import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Resolver, Root, Subscription } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { HistoryItem } from '../../services/collections';
import { historyItemsInBatches } from '../../services/collections';
import { HDA_SUMMARY_FIELDS, hdaNode } from '../datasets/hda-node';
import { Access } from '../shared/access';
import { selectedFields } from '../shared/lookahead';
import { subscriptionArgs } from '../shared/subscription-args';
import { hdcaNode } from './collection-nodes';
import { HistoryItemsBatch } from './history-items-batch.type';

interface BatchArgs {
  historyId: string;
  types?: string[] | null;
  ids?: string[] | null;
  deleted?: boolean | null;
  visible?: boolean | null;
}

/**
 * Checks the request (types, the history's access) and opens the read: a refusal is the
 * subscription's error before any batch. Tags and permissions come in the datasets' one statement.
 */
function subscribe(ctx: RequestContext, args: BatchArgs, info: GraphQLResolveInfo): Promise<AsyncIterable<HistoryItem[]>> {
  const fields = selectedFields(info, 'HistoryContent', ['items']);
  const summary = [...fields].every((field) => (HDA_SUMMARY_FIELDS as readonly string[]).includes(field));
  const filter = { ids: args.ids ?? undefined, deleted: args.deleted, visible: args.visible };
  return historyItemsInBatches(ctx, args.historyId, args.types ?? [], filter, { tags: fields.has('tags'), summary, permissions: fields.has('permissions') });
}

@Resolver()
export class HistoryItemsBatchesResolver {
  @Subscription(() => HistoryItemsBatch, {
    description:
      "A readable history's datasets and collections by hid (as `historyItems`), in batches as they are read, then the end: big listings that stream. Over HTTP the REST listing runs it; over graphql-ws any client may.",
    subscribe: ({ context, info }) => subscribe(context as RequestContext, subscriptionArgs(info) as unknown as BatchArgs, info),
  })
  @Access('anonymous')
  historyItemsBatches(
    @Root() batch: HistoryItem[],
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) _historyId: string,
    @Arg('types', () => [String], { nullable: true, description: "'dataset', 'dataset_collection'." }) _types?: string[],
    @Arg('ids', () => [ID], { nullable: true, description: 'Dataset ids (lists no collections).' }) _ids?: string[],
    @Arg('deleted', () => Boolean, { nullable: true }) _deleted?: boolean,
    @Arg('visible', () => Boolean, { nullable: true }) _visible?: boolean,
  ): HistoryItemsBatch {
    return { items: batch.map((item) => (item.kind === 'dataset' ? hdaNode(ctx, item.view) : hdcaNode(ctx, item.view))) };
  }
}
