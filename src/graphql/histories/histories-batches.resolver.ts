import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Field, Int, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { HistoryParts, HistoryView } from '../../services/histories';
import { Access } from '../shared/access';
import { selectedFields } from '../shared/lookahead';
import { subscriptionArgs } from '../shared/subscription-args';
import { historyPartsOf } from './history.resolver';
import { HistoryFilterInput, HistoryType } from './history.type';

/** Histories per batch of a streamed listing (a cursor reads this many rows at a time). */
const HISTORIES_BATCH = 1000;


@ObjectType({ simpleResolvers: true, description: 'A batch of a history listing, in its order, as it is read.' })
export class HistoriesBatch {
  @Field(() => [HistoryType])
  histories!: HistoryView[];
}

interface IndexArgs {
  deleted?: boolean | null;
  filters?: HistoryFilterInput[] | null;
  limit?: number | null;
  offset?: number | null;
}

/**
 * What the selection reads of each history (fetched in the listing's one statement), and the batch
 * size it allows. `contents` asks for every dataset of every listed history, through a loader: such
 * a listing is read whole first (null), so the loader runs once, on a connection of its own, and
 * its statements stay as few as for any size (its answer is as big as its datasets anyway).
 */
function readOf(info: GraphQLResolveInfo): { parts: HistoryParts; batchSize: number | null } {
  const fields = selectedFields(info, undefined, ['histories']);
  return { parts: historyPartsOf(fields), batchSize: fields.has('contents') ? null : HISTORIES_BATCH };
}

/** History listings in batches as they are read: the streamed REST index and the shared and published lists. */
@Resolver()
export class HistoriesBatchesResolver {
  @Subscription(() => HistoriesBatch, {
    description:
      "The caller's histories (as `histories`), newest first, in batches as they are read, then the end. Counts, states and sizes come in the listing's one statement. Refusals (bad filters, ids) come before the first batch.",
    subscribe: ({ context, info }) => {
      const ctx = context as RequestContext;
      const args = subscriptionArgs(info) as IndexArgs;
      const { parts, batchSize } = readOf(info);
      return ctx.services.histories.listInBatches(ctx, { deleted: args.deleted ?? undefined, filters: args.filters ?? undefined, limit: args.limit, offset: args.offset, parts }, batchSize);
    },
  })
  @Access('anonymous')
  historiesBatches(
    @Root() histories: HistoryView[],
    @Arg('deleted', () => Boolean, { nullable: true }) _deleted?: boolean,
    @Arg('filters', () => [HistoryFilterInput], { nullable: true }) _filters?: HistoryFilterInput[],
    @Arg('limit', () => Int, { nullable: true }) _limit?: number,
    @Arg('offset', () => Int, { nullable: true }) _offset?: number,
  ): HistoriesBatch {
    return { histories };
  }

  @Subscription(() => HistoriesBatch, {
    description: 'Histories other users shared with the caller (as `historiesSharedWithMe`), in batches as they are read, then the end.',
    subscribe: ({ context, info }) => {
      const ctx = context as RequestContext;
      // @Access guards each event's resolver, not the subscription: its identity rule is checked here, before any batch.
      ctx.caller.requireIdentity();
      const { parts, batchSize } = readOf(info);
      return ctx.services.histories.sharedWithMeInBatches(ctx, parts, batchSize);
    },
  })
  @Access('user')
  historiesSharedWithMeBatches(@Root() histories: HistoryView[], @Ctx() _ctx: RequestContext): HistoriesBatch {
    return { histories };
  }

  @Subscription(() => HistoriesBatch, {
    description: 'Published histories of every user (as `publishedHistories`), in batches as they are read, then the end.',
    subscribe: ({ context, info }) => {
      const { parts, batchSize } = readOf(info);
      return (context as RequestContext).services.histories.publishedInBatches(context as RequestContext, parts, batchSize);
    },
  })
  @Access('anonymous')
  publishedHistoriesBatches(@Root() histories: HistoryView[], @Ctx() _ctx: RequestContext): HistoriesBatch {
    return { histories };
  }
}
