import type { RequestContext } from '../../context/request-context';

/** The kinds of item the sharing model covers (as their REST areas spell them). */
export type ShareableKindName = 'histories' | 'pages' | 'visualizations' | 'workflows';

/** Where a kind keeps its sharing: what the SQL predicates and statements need to know. */
export interface ShareableTable {
  /** The item table (with `id`, `user_id`, `importable`, `published`, `slug`, `update_time`). */
  table: string;
  /** Its `*_user_share_association` table and the column naming the item there. */
  shareTable: string;
  shareItemColumn: string;
  /** The column shown as the sharing status' `title` (and made into a slug). */
  titleColumn: string;
}

/** An item whose sharing the caller may change. */
export interface OwnedItem {
  id: number;
  /** Null for a history of an anonymous session (it cannot get a `u/<username>/...` address). */
  userId: number | null;
}

/**
 * One shareable kind: its tables, its letter in `u/<username>/<letter>/<slug>`, and how an item the
 * caller owns (or, as an administrator, any item) is found, with the kind's own errors (not found,
 * malformed id, not owned) so each kind stays consistent with its contract.
 */
export interface ShareableKind extends ShareableTable {
  name: ShareableKindName;
  slugLetter: string;
  /** The slug when the title leaves nothing usable (e.g. only punctuation). */
  slugFallback: string;
  findOwned(ctx: RequestContext, encodedId: string): Promise<OwnedItem>;
}

export const HISTORIES: ShareableKind = {
  name: 'histories',
  table: 'history',
  shareTable: 'history_user_share_association',
  shareItemColumn: 'history_id',
  titleColumn: 'name',
  slugLetter: 'h',
  slugFallback: 'history',
  async findOwned(ctx, encodedId) {
    const history = await ctx.services.histories.ownedView(ctx, encodedId);
    return { id: history.id, userId: history.user?.id ?? null };
  },
};

export const PAGES: ShareableKind = {
  name: 'pages',
  table: 'page',
  shareTable: 'page_user_share_association',
  shareItemColumn: 'page_id',
  titleColumn: 'title',
  slugLetter: 'p',
  slugFallback: 'page',
  async findOwned(ctx, encodedId) {
    const page = await ctx.services.pages.findOwned(ctx, encodedId, 'Page is not owned by the current user');
    return { id: page.id, userId: page.userId };
  },
};

export const VISUALIZATIONS: ShareableKind = {
  name: 'visualizations',
  table: 'visualization',
  shareTable: 'visualization_user_share_association',
  shareItemColumn: 'visualization_id',
  titleColumn: 'title',
  slugLetter: 'v',
  slugFallback: 'visualization',
  findOwned: (ctx, encodedId) => ctx.services.visualizations.findSharable(ctx, encodedId),
};

export const WORKFLOWS: ShareableKind = {
  name: 'workflows',
  table: 'stored_workflow',
  shareTable: 'stored_workflow_user_share_association',
  shareItemColumn: 'stored_workflow_id',
  titleColumn: 'name',
  slugLetter: 'w',
  slugFallback: 'workflow',
  findOwned: (ctx, encodedId) => ctx.services.workflows.findSharable(ctx, encodedId),
};

/**
 * Every shareable kind, by name. A new kind joins with its descriptor here, a
 * `...sharingRoutes('<kind>')` line in its route area, and `npm run schema:print` (the GraphQL enum
 * `ShareableKind` is made from this list).
 */
export const SHAREABLE_KINDS: readonly ShareableKind[] = [HISTORIES, PAGES, VISUALIZATIONS, WORKFLOWS];

const BY_NAME = new Map<string, ShareableKind>(SHAREABLE_KINDS.map((kind) => [kind.name, kind]));

export function shareableKind(name: string): ShareableKind | undefined {
  return BY_NAME.get(name);
}
