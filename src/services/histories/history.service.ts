import type { ServiceContext } from '../../context/service-context';
import { History } from '../../entities/history.entity';
import { errors } from '../../errors/error-kinds';
import { decodeId } from '../shared';
import { type HistoryRef, mayChangeHistory, mayReadHistory, ownsHistory } from './history-access';
import { type FilterPair, parseHistoryFilter } from './history-filters';
import { HISTORIES, sharedWithCaller } from '../sharing';
import {
  type HistoryCondition,
  type HistoryListQuery,
  type HistoryParts,
  type HistoryView,
  historiesInBatches,
  historiesWhere,
  historiesWhereInBatches,
  listHistories,
  listHistoriesWhere,
  NO_PARTS,
  readHistory,
} from './history-view';
import type { SessionService } from '../sessions';

export interface HistoryListOptions {
  deleted?: boolean;
  filters?: FilterPair[];
  limit?: number | null;
  offset?: number | null;
  /** What the caller will read besides the rows (fetched in the same statement). */
  parts?: HistoryParts;
}

/**
 * The ids shared with the user first (their index), then those histories by id: as a semi-join the
 * planner read every history to match a few thousand shares (`npm run bench:plans`).
 */
const SHARED_WITH_USER = historiesWhere(
  'histories_shared_with_user',
  `h.deleted = false and h.id = any(array(select s.${HISTORIES.shareItemColumn} from ${HISTORIES.shareTable} s where s.user_id = $1))`,
);
const PUBLISHED = historiesWhere('histories_published', 'h.deleted = false and h.published = true');

/** Reading histories: listings, show, current and most recently used, with the access rules. */
export class HistoryService {
  constructor(private readonly sessions: SessionService) {}

  /**
   * The caller's histories, newest first. Anonymous callers get only their session's current
   * history (filters and paging ignored). Deleted ones are excluded unless asked for.
   */
  async list(ctx: ServiceContext, options: HistoryListOptions): Promise<HistoryView[]> {
    const query = this.listQuery(ctx, options);
    return query ? listHistories(ctx, query) : this.anonymousList(ctx);
  }

  /**
   * The same listing in batches as it is read: one statement whatever the number of histories (a
   * cursor on a server). Bad filters and ids are refused before this returns, never mid-answer.
   * `batchSize` null: read whole, then handed out as one batch (for readers that need loaders while
   * they write: a cursor holds its connection until the end).
   */
  async listInBatches(ctx: ServiceContext, options: HistoryListOptions, batchSize: number | null): Promise<AsyncGenerator<HistoryView[], void, undefined>> {
    const query = this.listQuery(ctx, options);
    if (!query) return inOneBatch(await this.anonymousList(ctx));
    return batchSize === null ? inOneBatch(await listHistories(ctx, query)) : historiesInBatches(ctx, query, batchSize);
  }

  /** An anonymous caller's listing: their session's current history, if any (none for the master key). */
  private async anonymousList(ctx: ServiceContext): Promise<HistoryView[]> {
    if (ctx.caller.isMaster) return [];
    const current = await this.current(ctx, false);
    return current ? [current] : [];
  }

  /** The statement's query of a user's listing (null for an anonymous caller); throws on bad filters and ids. */
  private listQuery(ctx: ServiceContext, options: HistoryListOptions): HistoryListQuery | null {
    const { caller } = ctx;
    if (!caller.user) return null;
    const filters = (options.filters ?? []).map(parseHistoryFilter);
    const conditions: HistoryCondition[] = [];
    const deletedFilter = filters.find((f) => f.kind === 'deleted');
    if (!deletedFilter) conditions.push({ kind: 'compare', column: 'deleted', op: '=', value: Boolean(options.deleted) });
    for (const filter of filters) {
      if (filter.kind === 'deleted' && filter.value !== null) conditions.push({ kind: 'compare', column: 'deleted', op: '=', value: filter.value });
      if (filter.kind === 'column') conditions.push(filter.condition);
      if (filter.kind === 'ids') conditions.push({ kind: 'ids', ids: filter.encodedIds.map((id) => decodeId(ctx, id)) });
      if (filter.kind === 'tag') conditions.push(filter);
    }
    const offset = nonNegative(options.offset);
    return {
      userId: caller.user.id,
      conditions,
      limit: nonNegative(options.limit),
      // The contract: with offset N the first N-1 items are skipped.
      offset: offset ? Math.max(0, offset - 1) : null,
      parts: options.parts ?? NO_PARTS,
    };
  }

  /** A history the caller may read; 'most_recently_used' and 'current' are accepted. */
  async show(ctx: ServiceContext, encodedId: string, parts: HistoryParts = NO_PARTS): Promise<HistoryView | null> {
    if (encodedId === 'most_recently_used') return this.mostRecentlyUsed(ctx);
    if (encodedId === 'current') return this.current(ctx, false);
    return this.readable(ctx, encodedId, parts);
  }

  /** The read model of a history the caller may read (one statement, with the parts asked for). */
  async readable(ctx: ServiceContext, encodedId: string, parts: HistoryParts = NO_PARTS): Promise<HistoryView> {
    const history = await readHistory(ctx, decodeId(ctx, encodedId), parts);
    if (!history) throw errors.notFound(`No History found with id: ${encodedId}`);
    await this.requireReadable(ctx, history);
    return history;
  }

  /** Histories other users shared with the caller (not deleted), newest first. */
  async sharedWithMe(ctx: ServiceContext, parts: HistoryParts): Promise<HistoryView[]> {
    if (!ctx.caller.userId) return [];
    return listHistoriesWhere(ctx, SHARED_WITH_USER, [ctx.caller.userId], parts);
  }

  /** Published histories of every user (not deleted), newest first. */
  published(ctx: ServiceContext, parts: HistoryParts): Promise<HistoryView[]> {
    return listHistoriesWhere(ctx, PUBLISHED, [], parts);
  }

  /** `sharedWithMe` in batches as it is read (one statement; `batchSize` null: read whole, as `listInBatches`). */
  async sharedWithMeInBatches(ctx: ServiceContext, parts: HistoryParts, batchSize: number | null): Promise<AsyncGenerator<HistoryView[], void, undefined>> {
    if (!ctx.caller.userId) return inOneBatch([]);
    if (batchSize === null) return inOneBatch(await this.sharedWithMe(ctx, parts));
    return historiesWhereInBatches(ctx, SHARED_WITH_USER, [ctx.caller.userId], parts, batchSize);
  }

  /** `published` in batches as it is read (one statement; `batchSize` null: read whole, as `listInBatches`). */
  async publishedInBatches(ctx: ServiceContext, parts: HistoryParts, batchSize: number | null): Promise<AsyncGenerator<HistoryView[], void, undefined>> {
    if (batchSize === null) return inOneBatch(await this.published(ctx, parts));
    return historiesWhereInBatches(ctx, PUBLISHED, [], parts, batchSize);
  }

  /**
   * Readable by the read rules that need no query (owner, including an anonymous session's own
   * history; administrators; published; link access), or shared with the caller: the sharing
   * rule of `sharing/shareable-access.ts`, asked only when the others say no.
   */
  private async requireReadable(ctx: ServiceContext, history: HistoryRef): Promise<void> {
    if (mayReadHistory(ctx.caller, history) || (await sharedWithCaller(ctx, HISTORIES, history.id))) return;
    throw errors.notAccessible('History is not accessible by the current user');
  }

  async findReadable(ctx: ServiceContext, encodedId: string): Promise<History> {
    const history = await this.find(ctx, encodedId);
    await this.requireReadable(ctx, history);
    return history;
  }

  /** The read model of a history the caller owns (or any, for an administrator): one statement, no entity. */
  async ownedView(ctx: ServiceContext, encodedId: string): Promise<HistoryView> {
    const history = await readHistory(ctx, decodeId(ctx, encodedId));
    if (!history) throw errors.notFound(`No History found with id: ${encodedId}`);
    if (!mayChangeHistory(ctx.caller, history)) throw errors.notOwned('History is not owned by the current user');
    return history;
  }

  /** A history the caller owns (or any, for an administrator). */
  async findOwned(ctx: ServiceContext, encodedId: string): Promise<History> {
    const history = await this.find(ctx, encodedId);
    if (!mayChangeHistory(ctx.caller, history)) throw errors.notOwned('History is not owned by the current user');
    return history;
  }

  private async find(ctx: ServiceContext, encodedId: string): Promise<History> {
    const id = decodeId(ctx, encodedId);
    const history = await ctx.em.findOne(History, { id }, { populate: ['user'] });
    if (!history) throw errors.notFound(`No History found with id: ${encodedId}`);
    return history;
  }

  /** The user's most recently updated active history; for an anonymous caller, their current one. */
  async mostRecentlyUsed(ctx: ServiceContext): Promise<History | null> {
    const user = ctx.caller.user;
    if (!user) return this.current(ctx, false);
    return ctx.em.findOne(History, { user: user.id, deleted: false }, { orderBy: [{ updateTime: 'desc' }, { id: 'desc' }] });
  }

  /**
   * The history new datasets go to when none is named: the session's current history, or for a
   * key-authenticated user their most recently used one; created (with a session for anonymous
   * callers) when `create` is set and there is none.
   */
  async current(ctx: ServiceContext, create: boolean): Promise<History | null> {
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
    const session = await this.sessions.ensureSession(ctx);
    const history = ctx.em.create(History, { user: ctx.userRef() });
    await ctx.em.flush();
    await this.sessions.setCurrentHistory(ctx, session, history.id);
    return history;
  }

  /**
   * The browser session's current history, as the platform gives one when its page opens: the
   * session's, else the user's most recently used one, else a new one (with a session for a visitor).
   */
  async ensureCurrent(ctx: ServiceContext, parts: HistoryParts = NO_PARTS): Promise<HistoryView> {
    if (ctx.caller.isMaster) throw errors.authRequired('A history needs a user or a browser session.');
    const session = await this.sessions.ensureSession(ctx);
    let history = await this.current(ctx, false);
    if (!history && ctx.caller.user) history = await this.mostRecentlyUsed(ctx);
    history ??= await this.current(ctx, true);
    if (!history) throw errors.authRequired('A history needs a user or a browser session.');
    if (ctx.caller.session?.currentHistoryId !== history.id) await this.sessions.setCurrentHistory(ctx, ctx.caller.session ?? session, history.id);
    return this.viewOf(ctx, history.id, parts);
  }

  /** Makes one of the caller's histories the current one of their browser session. */
  async makeCurrent(ctx: ServiceContext, encodedId: string, parts: HistoryParts = NO_PARTS): Promise<HistoryView> {
    const history = await this.find(ctx, encodedId);
    if (!ownsHistory(ctx.caller, history)) throw errors.notOwned('History is not owned by the current user');
    if (history.deleted) throw errors.invalid('A deleted history cannot be the current history.');
    const session = await this.sessions.ensureSession(ctx);
    await this.sessions.setCurrentHistory(ctx, session, history.id);
    return this.viewOf(ctx, history.id, parts);
  }

  private async viewOf(ctx: ServiceContext, id: number, parts: HistoryParts): Promise<HistoryView> {
    const view = await readHistory(ctx, id, parts);
    if (!view) throw errors.notFound(`No History found with id: ${id}`);
    return view;
  }

  isOwner(ctx: ServiceContext, history: History): boolean {
    return ownsHistory(ctx.caller, history);
  }
}

/** A listing already read, as one batch (none when empty). */
async function* inOneBatch(views: HistoryView[]): AsyncGenerator<HistoryView[], void, undefined> {
  if (views.length > 0) yield views;
}

function nonNegative(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}
