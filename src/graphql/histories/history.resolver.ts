import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { selects, selectsAny } from '../shared/lookahead';
import type { RequestContext } from '../../context/request-context';
import { type HdaNode, hdaNodes } from '../datasets/hda-node';
import type { History } from '../../entities/history.entity';
import type { HistoryIdLists, HistorySummary } from '../../services/histories';
import type { HistoryParts, HistoryView } from '../../services/histories';
import type { JobView } from '../../services/jobs';
import type { UserView } from '../../services/users';
import { niceSize } from '../../format/nice-size';
import { citationsByHistoryId } from '../../services/histories';
import { jobsByHistoryId } from '../../services/jobs';
import { historyStatsById, historyTimesById } from '../../services/histories';
import { historyTags } from '../../services/tags';
import { userById } from '../../services/users';
import type { CitationDict } from '../../tools';
import { HistoryContentType } from '../datasets/history-content.type';
import { JobType } from '../jobs/job.type';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { JSONObjectScalar } from '../shared/scalars';
import { UserType } from '../users/user.type';
import { HistoryFilterInput, HistoryTagType, HistoryType, NewHistoryInput } from './history.type';
import { HistoryActionsType } from './history-actions.type';
import { type HistoryActions, historyActionsFor } from '../../services/histories';
import { mayViewOwner } from '../../services/users';

/** A value of the contents summary: at once when the read fetched it along, else through the loader. */
function fromStats<T>(ctx: RequestContext, history: HistoryView, value: (stats: HistorySummary) => T): T | Promise<T> {
  return history.stats ? value(history.stats) : ctx.loaders.get(historyStatsById).load(history.id).then(value);
}

/** A value of the contents' id lists: at once when the read fetched them along, else through the loader. */
function fromIdLists<T>(ctx: RequestContext, history: HistoryView, value: (lists: HistoryIdLists) => T): T | Promise<T> {
  return history.idLists ? value(history.idLists) : ctx.loaders.get(historyStatsById).load(history.id).then(value);
}

/** The fields resolved from a history's contents summary. */
export const STATS_FIELDS = ['size', 'niceSize', 'empty', 'count', 'state', 'stateDetails'] as const;

/** The fields resolved from a history's dataset id lists. */
export const ID_LIST_FIELDS = ['stateIds', 'hdaIds'] as const;

/** The fields of its creation and update times. */
export const TIME_FIELDS = ['createTime', 'updateTime'] as const;

/** A time of the history: from the row when read along, else through the loader. */
function fromTimes(ctx: RequestContext, history: HistoryView, which: 'createTime' | 'updateTime'): Date | Promise<Date> {
  return history[which] ?? ctx.loaders.get(historyTimesById).load(history.id).then((times) => times[which]);
}

/** The fields that read the owner's username. */
export const OWNER_FIELDS = ['owner', 'usernameAndSlug'] as const;

/** What a selection of history fields reads besides the row (from the names of the selected fields). */
export const historyPartsOf = (fields: ReadonlySet<string>): HistoryParts => ({
  times: TIME_FIELDS.some((field) => fields.has(field)),
  tags: fields.has('tags'),
  stats: STATS_FIELDS.some((field) => fields.has(field)),
  ids: ID_LIST_FIELDS.some((field) => fields.has(field)),
  owner: OWNER_FIELDS.some((field) => fields.has(field)),
});

/** What the query reads of each history, fetched with the history itself. */
export const historyParts = (info: GraphQLResolveInfo): HistoryParts => ({
  times: selectsAny(info, TIME_FIELDS),
  tags: selects(info, 'tags'),
  stats: selectsAny(info, STATS_FIELDS),
  ids: selectsAny(info, ID_LIST_FIELDS),
  owner: selectsAny(info, OWNER_FIELDS),
});

/** The owner's username: from the row when read along, else through the loader. */
async function ownerName(ctx: RequestContext, history: HistoryView): Promise<string | null> {
  if (!history.user) return null;
  if (history.ownerName !== undefined) return history.ownerName;
  return (await ctx.loaders.get(userById).load(history.user.id))?.username ?? null;
}

@Resolver(() => HistoryType)
export class HistoryResolver {
  @Query(() => [HistoryType], { description: "The caller's histories, newest first (an anonymous caller: the current one)." })
  @Access('anonymous')
  histories(
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean,
    @Arg('filters', () => [HistoryFilterInput], { nullable: true }) filters?: HistoryFilterInput[],
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
  ): Promise<HistoryView[]> {
    return ctx.services.histories.list(ctx, { deleted, filters, limit, offset, parts: historyParts(info) });
  }

  @Query(() => HistoryType, { nullable: true, description: "A readable history; also 'most_recently_used' and 'current'." })
  @Access('anonymous')
  history(@Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo, @Arg('id', () => ID) id: string): Promise<HistoryView | null> {
    return ctx.services.histories.show(ctx, id, historyParts(info));
  }

  @Mutation(() => HistoryType, {
    description: "The browser session's current history, as the platform gives one when its page opens: the session's, else the user's most recently used, else a new one (a visitor gets a session for it).",
  })
  @Access('anonymous')
  ensureCurrentHistory(@Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo): Promise<HistoryView> {
    return ctx.services.histories.ensureCurrent(ctx, historyParts(info));
  }

  @Mutation(() => HistoryType, { description: "Makes one of the caller's histories the current one of their browser session." })
  @Access('anonymous')
  setCurrentHistory(@Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo, @Arg('id', () => ID) id: string): Promise<HistoryView> {
    return ctx.services.histories.makeCurrent(ctx, id, historyParts(info));
  }

  @Mutation(() => HistoryType, { nullable: true, description: 'A new history, a copy, or (archiveSource) a queued import: null.' })
  @Access('user')
  async createHistory(@Ctx() ctx: RequestContext, @Arg('input', () => NewHistoryInput) input: NewHistoryInput): Promise<History | null> {
    if (input.archiveSource) {
      await ctx.services.historyImports.queue(ctx, input.archiveSource, input.archiveType ?? 'url');
      return null;
    }
    if (input.copyFrom) return ctx.services.historyMutations.copy(ctx, input.copyFrom, input.name, input.allDatasets ?? false);
    return ctx.services.historyMutations.create(ctx, input.name);
  }

  @Mutation(() => HistoryType)
  @Access('owner')
  deleteHistory(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('purge', () => Boolean, { nullable: true }) purge?: boolean): Promise<History> {
    return ctx.services.historyMutations.delete(ctx, id, purge ?? false);
  }

  @Mutation(() => HistoryType)
  @Access('owner')
  undeleteHistory(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<History> {
    return ctx.services.historyMutations.undelete(ctx, id);
  }

  @Mutation(() => HistoryType, { description: 'Applies serialized fields (name, annotation, genome_build, slug, deleted, published, importable, tags).' })
  @Access('owner')
  updateHistory(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('changes', () => JSONObjectScalar) changes: Record<string, unknown>): Promise<History> {
    return ctx.services.historyMutations.update(ctx, id, changes);
  }

  @Mutation(() => HistoryTagType)
  @Access('owner')
  async addHistoryTag(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('name', () => String) name: string,
    @Arg('value', () => String, { nullable: true }) value?: string,
  ): Promise<HistoryTagType> {
    const tag = await ctx.services.historyMutations.addTag(ctx, id, name, value ?? null);
    return { id: encoded(ctx, tag.id), name: tag.name, value: tag.value };
  }

  @FieldResolver(() => ID)
  id(@Root() history: HistoryView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, history.id);
  }

  @FieldResolver(() => Date)
  createTime(@Root() history: HistoryView, @Ctx() ctx: RequestContext): Date | Promise<Date> {
    return fromTimes(ctx, history, 'createTime');
  }

  @FieldResolver(() => Date)
  updateTime(@Root() history: HistoryView, @Ctx() ctx: RequestContext): Date | Promise<Date> {
    return fromTimes(ctx, history, 'updateTime');
  }

  @FieldResolver(() => [String])
  tags(@Root() history: HistoryView, @Ctx() ctx: RequestContext): string[] | Promise<string[]> {
    return history.tags ?? ctx.loaders.get(historyTags).load(history.id);
  }

  @FieldResolver(() => HistoryActionsType, { description: 'What the caller may do with it (no statement: from the row and the caller).' })
  viewerCan(@Root() history: HistoryView, @Ctx() ctx: RequestContext): HistoryActions {
    return historyActionsFor(ctx.caller, history);
  }

  @FieldResolver(() => ID, { nullable: true })
  userId(@Root() history: HistoryView, @Ctx() ctx: RequestContext): string | null {
    return history.user ? encoded(ctx, history.user.id) : null;
  }

  @FieldResolver(() => UserType, { nullable: true, description: 'The owner (visible to the owner and administrators).' })
  async user(@Root() history: HistoryView, @Ctx() ctx: RequestContext): Promise<UserView | null> {
    const ownerId = history.user?.id;
    return mayViewOwner(ctx.caller, ownerId) ? ctx.loaders.get(userById).load(ownerId) : null;
  }

  @FieldResolver(() => String, { nullable: true, description: "The owner's public username (never their email); null for an anonymous session's history (one statement for a whole listing)." })
  owner(@Root() history: HistoryView, @Ctx() ctx: RequestContext): Promise<string | null> {
    return ownerName(ctx, history);
  }

  @FieldResolver(() => String, { nullable: true, description: 'u/<username>/h/<slug>, when both exist.' })
  async usernameAndSlug(@Root() history: HistoryView, @Ctx() ctx: RequestContext): Promise<string | null> {
    if (!history.user || !history.slug) return null;
    const username = await ownerName(ctx, history);
    return username ? `u/${username}/h/${history.slug}` : null;
  }

  @FieldResolver(() => String, { nullable: true })
  genomeBuild(@Root() history: HistoryView): string | null {
    return history.genomeBuild;
  }

  @FieldResolver(() => Number, { description: 'Bytes of the distinct live datasets.' })
  size(@Root() history: HistoryView, @Ctx() ctx: RequestContext): number | Promise<number> {
    return fromStats(ctx, history, (stats) => stats.size);
  }

  @FieldResolver(() => String)
  niceSize(@Root() history: HistoryView, @Ctx() ctx: RequestContext): string | Promise<string> {
    return fromStats(ctx, history, (stats) => niceSize(stats.size));
  }

  @FieldResolver(() => Boolean)
  empty(@Root() history: HistoryView, @Ctx() ctx: RequestContext): boolean | Promise<boolean> {
    return fromStats(ctx, history, (stats) => stats.count === 0 && stats.collections === 0);
  }

  @FieldResolver(() => Int)
  count(@Root() history: HistoryView, @Ctx() ctx: RequestContext): number | Promise<number> {
    return fromStats(ctx, history, (stats) => stats.count);
  }

  @FieldResolver(() => String, { description: 'new, queued, running, ok or error, from the datasets.' })
  state(@Root() history: HistoryView, @Ctx() ctx: RequestContext): string | Promise<string> {
    return fromStats(ctx, history, (stats) => stats.state);
  }

  @FieldResolver(() => JSONObjectScalar, { description: 'Non-deleted datasets per state.' })
  stateDetails(@Root() history: HistoryView, @Ctx() ctx: RequestContext): Record<string, number> | Promise<Record<string, number>> {
    return fromStats(ctx, history, (stats) => stats.stateCounts);
  }

  @FieldResolver(() => JSONObjectScalar, { description: 'Encoded dataset ids per state, deleted ones included.' })
  stateIds(@Root() history: HistoryView, @Ctx() ctx: RequestContext): Record<string, string[]> | Promise<Record<string, string[]>> {
    return fromIdLists(ctx, history, (lists) =>
      Object.fromEntries(Object.entries(lists.stateIds).map(([state, ids]) => [state, ids.map((id) => encoded(ctx, id))])),
    );
  }

  @FieldResolver(() => [ID])
  hdaIds(@Root() history: HistoryView, @Ctx() ctx: RequestContext): string[] | Promise<string[]> {
    return fromIdLists(ctx, history, (lists) => lists.hdaIds.map((id) => encoded(ctx, id)));
  }

  @FieldResolver(() => [HistoryContentType])
  async contents(
    @Root() history: HistoryView,
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean,
    @Arg('visible', () => Boolean, { nullable: true }) visible?: boolean,
  ): Promise<HdaNode[]> {
    return hdaNodes(ctx, await ctx.services.hdas.contentsOf(ctx, history, { deleted, visible }), selects(info, 'tags'));
  }

  @FieldResolver(() => [JobType], { description: 'Jobs that ran in this history, newest first.' })
  jobs(@Root() history: HistoryView, @Ctx() ctx: RequestContext): Promise<JobView[]> {
    return ctx.loaders.get(jobsByHistoryId).load(history.id);
  }

  @FieldResolver(() => [JSONObjectScalar], { description: 'BibTeX of the tools that made its datasets.' })
  citations(@Root() history: HistoryView, @Ctx() ctx: RequestContext): Promise<CitationDict[]> {
    return ctx.loaders.get(citationsByHistoryId).load(history.id);
  }
}
