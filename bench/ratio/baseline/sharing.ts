import { decodeId, encodeId, type Ctx, notFound, notOwned, requireUser } from './http';

interface StatusRow {
  id: number;
  user_id: number | null;
  title: string;
  importable: boolean;
  published: boolean;
  slug: string | null;
  username: string | null;
  users: Array<{ id: number; email: string }>;
}

const HISTORY_SHARING = `
  select h.id, h.user_id, h.name as title, h.importable, h.published, h.slug, u.username,
         coalesce((select json_agg(json_build_object('id', su.id, 'email', su.email) order by s.id)
                   from history_user_share_association s join galaxy_user su on su.id = s.user_id where s.history_id = h.id), '[]'::json) as users
  from history h left join galaxy_user u on u.id = h.user_id
  where h.id = $1`;

/** GET /api/histories/{id}/sharing: the later platform's sharing status, for the owner or an administrator. */
export async function historySharing(ctx: Ctx, encodedId: string): Promise<Record<string, unknown>> {
  const caller = requireUser(ctx);
  const row = await ctx.sql.row<StatusRow>(HISTORY_SHARING, [decodeId(ctx, encodedId)]);
  if (!row) throw notFound(`No History found with id: ${encodedId}`);
  if (!caller.isAdmin && row.user_id !== caller.userId) throw notOwned('History is not owned by the current user');
  return {
    id: encodeId(ctx, row.id),
    title: row.title,
    importable: row.importable,
    published: row.published,
    users_shared_with: row.users.map((user) => ({ id: encodeId(ctx, user.id), email: user.email })),
    username_and_slug: row.username && row.slug ? `u/${row.username}/h/${row.slug}` : null,
  };
}
