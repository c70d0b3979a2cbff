import { Arg, Ctx, ID, Mutation, Resolver, Root, Subscription } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { type HistoryChangedEvent, historyChangedEvents } from '../../services/histories';
import { hdcaNode, type HdcaNode } from '../collections/collection-nodes';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import {
  CollectionFromSelectionInput,
  HistoryChangeType,
  HistoryItemSelectionInput,
  HistorySelectionChangeType,
  HistorySelectionCopyType,
  HistorySelectionOperation,
} from './history-selection.types';
import { HistoryCollectionType } from '../collections/collection.types';

/** Subscribing checks once that the caller may read the history. */
async function subscribeToHistoryChanges(ctx: RequestContext, encodedHistoryId: string): Promise<AsyncIterable<HistoryChangedEvent>> {
  const history = await ctx.services.histories.readable(ctx, encodedHistoryId);
  return historyChangedEvents(ctx.services.db.signals, history.id);
}

@Resolver()
export class HistorySelectionResolver {
  @Mutation(() => HistorySelectionChangeType, {
    description: "Hides, unhides, deletes, undeletes or purges a selection of a history's items (by id or by the panel's filter) in one request: a few set-based statements whatever their number.",
  })
  @Access('owner')
  async changeHistoryItems(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('selection', () => HistoryItemSelectionInput) selection: HistoryItemSelectionInput,
    @Arg('operation', () => HistorySelectionOperation) operation: HistorySelectionOperation,
  ): Promise<HistorySelectionChangeType> {
    const result = await ctx.services.historySelection.change(ctx, historyId, selection, operation);
    return { ...result, changed: result.datasets + result.collections };
  }

  @Mutation(() => HistorySelectionCopyType, {
    description: '"Copy Datasets": copies a selection of a readable history\'s items into a history the caller may add to, or into a new history of theirs (new hids in the order of the selection).',
  })
  @Access('user')
  async copyHistoryItems(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID, { description: 'The history the items are in.' }) historyId: string,
    @Arg('selection', () => HistoryItemSelectionInput) selection: HistoryItemSelectionInput,
    @Arg('targetHistoryId', () => ID, { nullable: true, description: 'Copy into this history…' }) targetHistoryId?: string | null,
    @Arg('newHistoryName', () => String, { nullable: true, description: '…or into a new history of this name.' }) newHistoryName?: string | null,
  ): Promise<HistorySelectionCopyType> {
    const result = await ctx.services.historySelection.copy(ctx, historyId, selection, { historyId: targetHistoryId, newHistoryName });
    return { ...result, historyId: encoded(ctx, result.historyId) };
  }

  @Mutation(() => HistoryCollectionType, {
    description: 'Builds a list, a pair or a list of pairs from datasets of a history the caller may change, in one request (the rules of creating a collection through the REST API).',
  })
  @Access('owner')
  async buildCollectionFromSelection(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('input', () => CollectionFromSelectionInput) input: CollectionFromSelectionInput,
  ): Promise<HdcaNode> {
    return hdcaNode(ctx, await ctx.services.historySelection.buildCollection(ctx, historyId, input));
  }

  @Subscription(() => HistoryChangeType, {
    description: "Each time many of a readable history's items change at once (a selection hidden, deleted, copied in…; told once, not per item): read the history's items again.",
    subscribe: ({ args, context }) => subscribeToHistoryChanges(context as RequestContext, String(args.historyId)),
  })
  historyChanged(@Root() event: HistoryChangedEvent, @Ctx() ctx: RequestContext, @Arg('historyId', () => ID) _historyId: string): HistoryChangeType {
    return { historyId: encoded(ctx, event.historyId), changed: event.changed };
  }
}
