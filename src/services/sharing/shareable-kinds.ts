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
 * One shareable kind: its tables and its letter in `u/<username>/<letter>/<slug>`. How an item the
 * caller owns is found belongs to the kind's own area (SharingService is given a finder per kind).
 */
export interface ShareableKind extends ShareableTable {
  name: ShareableKindName;
  slugLetter: string;
  /** The slug when the title leaves nothing usable (e.g. only punctuation). */
  slugFallback: string;
}

export const HISTORIES: ShareableKind = {
  name: 'histories',
  table: 'history',
  shareTable: 'history_user_share_association',
  shareItemColumn: 'history_id',
  titleColumn: 'name',
  slugLetter: 'h',
  slugFallback: 'history',
};

export const PAGES: ShareableKind = {
  name: 'pages',
  table: 'page',
  shareTable: 'page_user_share_association',
  shareItemColumn: 'page_id',
  titleColumn: 'title',
  slugLetter: 'p',
  slugFallback: 'page',
};

export const VISUALIZATIONS: ShareableKind = {
  name: 'visualizations',
  table: 'visualization',
  shareTable: 'visualization_user_share_association',
  shareItemColumn: 'visualization_id',
  titleColumn: 'title',
  slugLetter: 'v',
  slugFallback: 'visualization',
};

export const WORKFLOWS: ShareableKind = {
  name: 'workflows',
  table: 'stored_workflow',
  shareTable: 'stored_workflow_user_share_association',
  shareItemColumn: 'stored_workflow_id',
  titleColumn: 'name',
  slugLetter: 'w',
  slugFallback: 'workflow',
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
