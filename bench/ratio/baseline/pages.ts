import { decodeId, encodeId, type Ctx, notFound, notOwned, requireUser } from './http';

/** The page record of 15.05 (platform-facts §4.6): encoded ids, no `user` key. */
interface PageRow {
  id: number;
  user_id: number;
  title: string;
  latest_revision_id: number | null;
  slug: string;
  published: boolean;
  importable: boolean;
  deleted: boolean;
  revision_ids: number[];
}

const COLUMNS = `p.id, p.user_id, p.title, p.latest_revision_id, p.slug, p.published, p.importable, p.deleted,
  array(select r.id from page_revision r where r.page_id = p.id order by r.id) as revision_ids`;

function pageRecord(ctx: Ctx, row: PageRow): Record<string, unknown> {
  return {
    model_class: 'Page',
    id: encodeId(ctx, row.id),
    title: row.title,
    latest_revision_id: row.latest_revision_id === null ? null : encodeId(ctx, row.latest_revision_id),
    slug: row.slug,
    published: row.published,
    importable: row.importable,
    deleted: row.deleted,
    revision_ids: row.revision_ids.map((id) => encodeId(ctx, id)),
  };
}

// ---- GET /api/pages: administrators all, others their own then published pages of other users

const PAGES = `
  select ${COLUMNS} from page p
  where not p.deleted and ($1::boolean or p.user_id = $2 or p.published)
  order by case when $1::boolean or p.user_id = $2 then 0 else 1 end, p.id`;

export async function listPages(ctx: Ctx): Promise<Array<Record<string, unknown>>> {
  const caller = requireUser(ctx);
  const rows = await ctx.sql.rows<PageRow>(PAGES, [caller.isAdmin, caller.userId]);
  return rows.map((row) => pageRecord(ctx, row));
}

// ---- GET /api/pages/{id}: the record and the latest content, for whoever may read it

const PAGE = `
  select ${COLUMNS}, (select r.content from page_revision r where r.id = p.latest_revision_id) as content,
         exists (select 1 from page_user_share_association s where s.page_id = p.id and s.user_id = $2) as shared
  from page p where p.id = $1`;

export async function showPage(ctx: Ctx, encodedId: string): Promise<Record<string, unknown>> {
  const caller = requireUser(ctx);
  const page = await ctx.sql.row<PageRow & { content: string | null; shared: boolean }>(PAGE, [decodeId(ctx, encodedId, () => notFound('No such object found.')), caller.userId]);
  if (!page) throw notFound('No such object found.');
  if (!(caller.isAdmin || page.user_id === caller.userId || page.published || page.importable || page.shared)) throw notOwned();
  return { ...pageRecord(ctx, page), content: page.content };
}
