import type { ServiceContext } from '../../context/service-context';

/**
 * The ids of every role the caller holds, directly or through a group, computed once per request.
 * Permission predicates of every area join against this list.
 */
export function callerRoleIds(ctx: ServiceContext): Promise<number[]> {
  const userId = ctx.caller.userId;
  if (userId === null) return Promise.resolve([]);
  return ctx.memo('caller:roleIds', async () => {
    const query = ctx.em
      .getKnex()
      .select('role_id')
      .from('user_role_association')
      .where('user_id', userId)
      .union((union) => {
        union
          .select('gra.role_id')
          .from('group_role_association as gra')
          .join('user_group_association as uga', 'uga.group_id', 'gra.group_id')
          .where('uga.user_id', userId);
      });
    const rows = await ctx.em.execute<Array<{ role_id: number }>>(query);
    return rows.map((row) => row.role_id);
  });
}

/** Keeps the caller's roles as the request's when another statement read them along (callerRoleIds then reads nothing). */
export function knownCallerRoleIds(ctx: ServiceContext, roleIds: number[]): void {
  void ctx.memo('caller:roleIds', () => Promise.resolve(roleIds));
}

/** The roles the caller holds in their own name, with their private role among them: one query per request. */
export function callerDirectRoles(ctx: ServiceContext): Promise<{ directRoleIds: number[]; privateRoleId: number | null }> {
  const userId = ctx.caller.userId;
  if (userId === null) return Promise.resolve({ directRoleIds: [], privateRoleId: null });
  return ctx.memo('caller:directRoles', async () => {
    const rows = await ctx.em.execute<Array<{ id: number; type: string }>>(
      'select r.id, r.type from user_role_association ura join role r on r.id = ura.role_id where ura.user_id = ? order by ura.id',
      [userId],
    );
    const privateRole = rows.find((row) => row.type === 'private');
    return { directRoleIds: rows.map((row) => Number(row.id)), privateRoleId: privateRole ? Number(privateRole.id) : null };
  });
}
