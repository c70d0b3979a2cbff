import type { FilterQuery, ObjectQuery } from '@mikro-orm/core';
import type { RequestContext } from '../../context/request-context';
import { History } from '../../entities/history.entity';
import { ItemTag } from '../../entities/item-tag.entity';
import { errors } from '../../errors/error-kinds';
import { decodeId } from '../shared/decode-id';
import { mayChangeHistory, mayReadHistory, ownsHistory } from './history-access';
import { type FilterPair, type HistoryFilter, parseHistoryFilter } from './history-filters';
import { type HistoryView, loadHistoryViews } from './history-view';

export interface HistoryListOptions {
  deleted?: boolean;
  filters?: FilterPair[];
  limit?: number | null;
  offset?: number | null;
}

/** Reading histories: listings, show, current and most recently used, with the access rules. */
export class HistoryService {
  /**
   * The caller's histories, newest first. Anonymous callers get only their session's current
   * history (filters and paging ignored). Deleted ones are excluded unless asked for.
   */
  async list(ctx: RequestContext, options: HistoryListOptions): Promise<HistoryView[]> {
    const { caller } = ctx;
    if (!caller.user) {
      if (caller.isMaster) return [];
      const current = await this.current(ctx, false);
      return current ? [current] : [];
    }
    const filters = (options.filters ?? []).map(parseHistoryFilter);
    const where: ObjectQuery<History>[] = [{ user: caller.user.id }];
    const deletedFilter = filters.find((f): f is Extract<HistoryFilter, { kind: 'deleted' }> => f.kind === 'deleted');
    if (deletedFilter) {
      if (deletedFilter.value !== null) where.push({ deleted: deletedFilter.value });
    } else {
      where.push({ deleted: Boolean(options.deleted) });
    }
    for (const filter of filters) {
      if (filter.kind === 'column') where.push(filter.where);
      if (filter.kind === 'ids') where.push({ id: { $in: filter.encodedIds.map((id) => decodeId(ctx, id)) } });
      if (filter.kind === 'tag') where.push({ id: { $in: await this.taggedHistoryIds(ctx, caller.user.id, filter) } });
    }
    const limit = nonNegative(options.limit);
    const offset = nonNegative(options.offset);
    return loadHistoryViews(ctx.em, { $and: where }, {
      orderBy: [{ createTime: 'desc' }, { id: 'desc' }],
      limit: limit ?? undefined,
      // The contract: with offset N the first N-1 items are skipped.
      offset: offset ? Math.max(0, offset - 1) : undefined,
    });
  }

  private async taggedHistoryIds(ctx: RequestContext, userId: number, filter: Extract<HistoryFilter, { kind: 'tag' }>): Promise<number[]> {
    const where: FilterQuery<ItemTag> = { user: userId, itemType: 'history' };
    if (filter.op === 'eq') {
      where.name = filter.name;
      if (filter.value !== null) where.value = filter.value;
    } else {
      where.name = { $ilike: `%${filter.name}%` };
      if (filter.value !== null) where.value = { $ilike: `%${filter.value}%` };
    }
    const tags = await ctx.em.find(ItemTag, where, { fields: ['itemId'] });
    return [...new Set(tags.map((tag) => tag.itemId))];
  }

  /** A history the caller may read; 'most_recently_used' and 'current' are accepted. */
  async show(ctx: RequestContext, encodedId: string): Promise<History | null> {
    if (encodedId === 'most_recently_used') return this.mostRecentlyUsed(ctx);
    if (encodedId === 'current') return this.current(ctx, false);
    return this.findReadable(ctx, encodedId);
  }

  async findReadable(ctx: RequestContext, encodedId: string): Promise<History> {
    const history = await this.find(ctx, encodedId);
    if (!mayReadHistory(ctx.caller, history)) throw errors.notAccessible('History is not accessible by the current user');
    return history;
  }

  /** A history the caller owns (or any, for an administrator). */
  async findOwned(ctx: RequestContext, encodedId: string): Promise<History> {
    const history = await this.find(ctx, encodedId);
    if (!mayChangeHistory(ctx.caller, history)) throw errors.notOwned('History is not owned by the current user');
    return history;
  }

  private async find(ctx: RequestContext, encodedId: string): Promise<History> {
    const id = decodeId(ctx, encodedId);
    const history = await ctx.em.findOne(History, { id }, { populate: ['user'] });
    if (!history) throw errors.notFound(`No History found with id: ${encodedId}`);
    return history;
  }

  /** The user's most recently updated active history; for an anonymous caller, their current one. */
  async mostRecentlyUsed(ctx: RequestContext): Promise<History | null> {
    const user = ctx.caller.user;
    if (!user) return this.current(ctx, false);
    return ctx.em.findOne(History, { user: user.id, deleted: false }, { orderBy: [{ updateTime: 'desc' }, { id: 'desc' }] });
  }

  /**
   * The history new datasets go to when none is named: the session's current history, or for a
   * key-authenticated user their most recently used one; created (with a session for anonymous
   * callers) when `create` is set and there is none.
   */
  async current(ctx: RequestContext, create: boolean): Promise<History | null> {
    const { caller } = ctx;
    const sessionHistoryId = caller.session?.currentHistoryId;
    if (sessionHistoryId) {
      const history = await ctx.em.findOne(History, { id: sessionHistoryId, deleted: false }, { populate: ['user'] });
      if (history && (history.user === null || history.user.id === caller.userId)) return history;
    }
    if (caller.user && !caller.session) {
      const recent = await this.mostRecentlyUsed(ctx);
      if (recent || !create) return recent;
    }
    if (!create) return null;
    if (caller.isMaster) throw errors.authRequired('A history needs a user or a browser session.');
    const session = await ctx.services.sessions.ensureSession(ctx);
    const history = ctx.em.create(History, { user: caller.user });
    await ctx.em.flush();
    session.currentHistoryId = history.id;
    await ctx.em.flush();
    return history;
  }

  isOwner(ctx: RequestContext, history: History): boolean {
    return ownsHistory(ctx.caller, history);
  }
}

function nonNegative(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}
