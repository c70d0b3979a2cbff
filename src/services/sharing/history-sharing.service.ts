import type { RequestContext } from '../../context/request-context';
import { HistoryUserShareAssociation } from '../../entities/history-share.entity';
import type { History } from '../../entities/history.entity';
import { User } from '../../entities/user.entity';
import { sql } from '../../db/sql/sql-statement';
import { errors } from '../../errors/error-kinds';
import { IdDecodeError } from '../../ids/id-codec';
import { ensureSharedSlug } from '../histories/history-slug';
import { type HistoryParts, historiesWhere, type HistoryView, listHistoriesWhere } from '../histories/history-view';

/** What the sharing routes answer (the later platform's sharing status). */
export interface SharingStatus {
  id: number;
  title: string;
  importable: boolean;
  published: boolean;
  usersSharedWith: Array<{ id: number; email: string }>;
  slug: string | null;
  ownerId: number | null;
}

const LINK_ACTIONS = ['enable_link_access', 'disable_link_access', 'publish', 'unpublish'] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];

const SHARED_WITH_CALLER = sql<{ shared: boolean }>(
  'history_shared_with',
  'select exists (select 1 from history_user_share_association where history_id = $1 and user_id = $2) as shared',
);

const SHARED_WITH_ME = historiesWhere('histories_shared_with_user', 'h.deleted = false and h.id in (select s.history_id from history_user_share_association s where s.user_id = $1)');
const PUBLISHED = historiesWhere('histories_published', 'h.deleted = false and h.published = true');

/**
 * The sharing model of histories: link access (importable), publishing, and users a history is
 * shared with (who may then read it). Only the owner or an administrator changes it.
 */
export class HistorySharingService {
  /** Whether the caller is among the users a history is shared with (asked only when the other read rules said no). */
  async sharedWithCaller(ctx: RequestContext, historyId: number): Promise<boolean> {
    if (!ctx.caller.userId) return false;
    return (await ctx.one(SHARED_WITH_CALLER, [historyId, ctx.caller.userId]))?.shared ?? false;
  }

  async status(ctx: RequestContext, encodedId: string): Promise<SharingStatus> {
    return this.statusOf(ctx, await ctx.services.histories.findOwned(ctx, encodedId));
  }

  /** Link access and publishing: publishing implies link access; disabling link access also unpublishes. */
  async setAccess(ctx: RequestContext, encodedId: string, action: string): Promise<SharingStatus> {
    if (!(LINK_ACTIONS as readonly string[]).includes(action)) throw errors.invalid(`Unknown sharing action: ${action}`);
    return ctx.em.transactional(async (em) => {
      const history = await ctx.services.histories.findOwned(ctx, encodedId);
      if (action === 'enable_link_access') history.importable = true;
      if (action === 'disable_link_access') Object.assign(history, { importable: false, published: false });
      if (action === 'publish') Object.assign(history, { importable: true, published: true });
      if (action === 'unpublish') history.published = false;
      await ensureSharedSlug(em, history);
      await em.flush();
      return this.statusOf(ctx, history);
    });
  }

  /**
   * Shares with exactly the given users (encoded ids or emails), unsharing the others. Values that
   * name no user, and the owner, are reported in `errors`; the rest are still shared.
   */
  async shareWithUsers(ctx: RequestContext, encodedId: string, values: readonly string[]): Promise<{ status: SharingStatus; errors: string[] }> {
    return ctx.em.transactional(async (em) => {
      const history = await ctx.services.histories.findOwned(ctx, encodedId);
      const errors: string[] = [];
      const users = new Map<number, User>();
      for (const value of values.map((item) => item.trim()).filter(Boolean)) {
        const user = await this.userNamed(ctx, value);
        if (!user) errors.push(`${value} is not a valid Galaxy user.`);
        else if (user.id === history.user?.id) errors.push('You cannot share resource with yourself.');
        else users.set(user.id, user);
      }
      await em.nativeDelete(HistoryUserShareAssociation, { history, user: { $nin: [...users.keys(), 0] } });
      const existing = new Set((await em.find(HistoryUserShareAssociation, { history })).map((share) => share.user.id));
      for (const user of users.values()) if (!existing.has(user.id)) em.create(HistoryUserShareAssociation, { history, user });
      await em.flush();
      return { status: await this.statusOf(ctx, history), errors };
    });
  }

  async sharedWithMe(ctx: RequestContext, parts: HistoryParts): Promise<HistoryView[]> {
    if (!ctx.caller.userId) return [];
    return listHistoriesWhere(ctx, SHARED_WITH_ME, [ctx.caller.userId], parts);
  }

  async published(ctx: RequestContext, parts: HistoryParts): Promise<HistoryView[]> {
    return listHistoriesWhere(ctx, PUBLISHED, [], parts);
  }

  private async userNamed(ctx: RequestContext, value: string): Promise<User | null> {
    if (value.includes('@')) return ctx.em.findOne(User, { email: value, deleted: false });
    try {
      return await ctx.em.findOne(User, { id: ctx.services.ids.decode(value), deleted: false });
    } catch (error) {
      if (error instanceof IdDecodeError) return null;
      throw error;
    }
  }

  private async statusOf(ctx: RequestContext, history: History): Promise<SharingStatus> {
    const shares = await ctx.em.find(HistoryUserShareAssociation, { history }, { populate: ['user'], orderBy: { id: 'asc' } });
    return {
      id: history.id,
      title: history.name,
      importable: history.importable,
      published: history.published,
      usersSharedWith: shares.map((share) => ({ id: share.user.id, email: share.user.email })),
      slug: history.slug,
      ownerId: history.user?.id ?? null,
    };
  }
}
