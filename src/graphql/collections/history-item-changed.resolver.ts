import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Resolver, Root, Subscription } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { changedHistoryItem } from '../../services/collections';
import { type HistoryItemEvent, historyItemEvents, historyItemsChangedSince, withCatchUp } from '../../services/histories';
import { hdaNodes, type HdaNode } from '../datasets/hda-node';
import { selectedFields } from '../shared/lookahead';
import { type HdcaNode, hdcaNode } from './collection-nodes';
import { HistoryItemUnion } from './history-items.resolver';

/**
 * Subscribing checks once that the caller may read the history; then every change of its items is
 * delivered. With `changedSince`, the items changed since then come first (read once the live
 * changes are listened to, so none falls between the two).
 */
async function subscribeToHistory(ctx: RequestContext, encodedHistoryId: string, changedSince: Date | null): Promise<AsyncIterable<HistoryItemEvent>> {
  const history = await ctx.services.histories.readable(ctx, encodedHistoryId);
  const live = historyItemEvents(ctx.services.db.signals, history.id);
  if (!changedSince) return live;
  try {
    return withCatchUp(await historyItemsChangedSince(ctx.em, history.id, changedSince), live);
  } catch (error) {
    await live.return?.();
    throw error;
  }
}

@Resolver()
export class HistoryItemChangedResolver {
  @Subscription(() => HistoryItemUnion, {
    nullable: true,
    description:
      "A readable history's dataset or collection each time it changes (created, updated, its state moved), whichever process changed it (graphql-ws over WebSocket at /graphql). Null for an item gone before it could be read. With changedSince, the items changed at or after that time come first: a client that read the history before subscribing misses nothing in between.",
    subscribe: ({ args, context }) => subscribeToHistory(context as RequestContext, String(args.historyId), (args.changedSince as Date | null | undefined) ?? null),
  })
  async historyItemChanged(
    @Root() event: HistoryItemEvent,
    @Ctx() subscriber: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('changedSince', () => Date, { nullable: true, description: 'Catch up from this time first (a little before the client read the history).' }) _changedSince: Date | null,
  ): Promise<HdaNode | HdcaNode | null> {
    const ctx = subscriber.renewed();
    // Still readable (it may have been unshared since): otherwise the event is an error.
    const fields = selectedFields(info, 'HistoryContent');
    const item = await changedHistoryItem(ctx, historyId, event, { tags: fields.has('tags'), permissions: fields.has('permissions') });
    if (!item) return null;
    if (item.kind === 'dataset_collection') return hdcaNode(ctx, item.view);
    const [node] = await hdaNodes(ctx, [item.view], fields.has('tags'));
    return node;
  }
}
