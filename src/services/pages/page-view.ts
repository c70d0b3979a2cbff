import type { ServiceContext } from '../../context/service-context';
import { sql } from '../../db/sql/sql-statement';
import { ownedBySql, readableBySql, sharedWithSql, visibleToCallerSql } from '../sharing';
import { PAGES } from '../sharing';
import { safePageContent } from './page-content';

/** What the graph reads of a page: one row, revision ids included (no further query per page). */
export interface PageView {
  id: number;
  userId: number;
  /** The owner's public username (null when they have none). */
  owner: string | null;
  title: string;
  slug: string;
  published: boolean;
  importable: boolean;
  deleted: boolean;
  latestRevisionId: number | null;
  revisionIds: number[];
  /** The latest revision's content; read by show only. */
  content?: string | null;
  /** Whether the caller may read it (the sharing rules); read by show only. */
  readable?: boolean;
}

export interface PageRevisionView {
  id: number;
  pageId: number;
  title: string;
  content: string;
  createTime: Date;
  updateTime: Date;
}

const COLUMNS = `p.id, p.user_id as "userId", (select u.username from galaxy_user u where u.id = p.user_id) as owner, p.title, p.slug, p.published, p.importable, p.deleted,
  p.latest_revision_id as "latestRevisionId",
  array(select r.id from page_revision r where r.page_id = p.id order by r.id) as "revisionIds"`;

/**
 * The index, one constant statement: $1 include deleted, $2 the caller is an administrator (all
 * pages), $3 the caller's id (own pages, then published pages of other users, as the platform
 * lists them: pages shared with the caller are readable, not listed).
 */
const LISTED = sql<PageView>(
  'pages_listed',
  `select ${COLUMNS} from page p
   where ($1::boolean or p.deleted = false) and ${visibleToCallerSql('p', PAGES, { userId: '$3', isAdmin: '$2' }, { shared: false })}
   order by case when $2::boolean or ${ownedBySql('p', '$3')} then 0 else 1 end, p.id`,
);

/** $1 the page, $2 the caller's id, $3 whether the caller is an administrator. */
const BY_ID = sql<PageView>(
  'page_by_id',
  `select ${COLUMNS}, (select r.content from page_revision r where r.id = p.latest_revision_id) as content,
     ${readableBySql('p', PAGES, { userId: '$2', isAdmin: '$3' })} as readable
   from page p where p.id = $1`,
);

/** Pages of other users shared with $1 / published, not deleted, newest first. */
const SHARED_WITH_USER = sql<PageView>(
  'pages_shared_with_user',
  `select ${COLUMNS} from page p where p.deleted = false and ${sharedWithSql('p', PAGES, '$1')} order by p.update_time desc, p.id desc`,
);
const PUBLISHED = sql<PageView>('pages_published', `select ${COLUMNS} from page p where p.deleted = false and p.published order by p.update_time desc, p.id desc`);

const REVISIONS = sql<PageRevisionView>(
  'page_revisions',
  `select r.id, r.page_id as "pageId", r.title, r.content, r.create_time as "createTime", r.update_time as "updateTime"
   from page_revision r where r.page_id = $1 order by r.id`,
);

const SLUG_TAKEN = sql<{ taken: boolean }>(
  'page_slug_taken',
  'select exists (select 1 from page where user_id = $1 and slug = $2 and deleted = false) as taken',
);

export function listPages(ctx: ServiceContext, deleted: boolean, isAdmin: boolean, userId: number | null): Promise<PageView[]> {
  return ctx.rows(LISTED, [deleted, isAdmin, userId]);
}

/** A page with its latest content (sanitized: `page-content.ts`), and whether the caller may read it. */
export async function readPage(ctx: ServiceContext, id: number): Promise<PageView | null> {
  const page = await ctx.one(BY_ID, [id, ctx.caller.userId ?? 0, ctx.caller.isAdmin]);
  return page && { ...page, content: typeof page.content === 'string' ? safePageContent(page.content) : page.content };
}

export function listSharedPages(ctx: ServiceContext, userId: number): Promise<PageView[]> {
  return ctx.rows(SHARED_WITH_USER, [userId]);
}

export function listPublishedPages(ctx: ServiceContext): Promise<PageView[]> {
  return ctx.rows(PUBLISHED, []);
}

/** A page's revisions, oldest first, their content sanitized as it leaves the service (`page-content.ts`). */
export async function readRevisions(ctx: ServiceContext, pageId: number): Promise<PageRevisionView[]> {
  return (await ctx.rows(REVISIONS, [pageId])).map((revision) => ({ ...revision, content: safePageContent(revision.content) }));
}

export async function slugTaken(ctx: ServiceContext, userId: number, slug: string): Promise<boolean> {
  return (await ctx.one(SLUG_TAKEN, [userId, slug]))?.taken ?? false;
}
