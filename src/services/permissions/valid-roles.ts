import type { FilterQuery } from '@mikro-orm/core';
import type { RequestContext } from '../../context/request-context';
import { Role } from '../../entities/role.entity';
import { callerRoleIds } from '../roles/held-roles';

export interface RolePage {
  roles: Role[];
  page: number;
  pageLimit: number;
  total: number;
}

export interface RolePageRequest {
  page: number;
  pageLimit: number;
  query?: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The roles a caller may choose in an item's permission form (the platform's `get_valid_roles`):
 * for a public item (or an administrator), every non-deleted role; otherwise the item's access roles
 * and the roles of the users holding them. Sorted by name, filtered by a name prefix, paged.
 */
export async function validRoles(ctx: RequestContext, isPublic: boolean, accessRoleIds: readonly number[], request: RolePageRequest): Promise<RolePage> {
  const where: FilterQuery<Role>[] = [{ deleted: false }];
  if (request.query) where.push({ name: { $like: `${escapeLike(request.query.trim())}%` } });
  if (!ctx.caller.isAdmin) {
    if (isPublic) {
      const held = ctx.caller.user ? await ctx.em.find(Role, { id: { $in: await callerRoleIds(ctx) } }) : [];
      where.push({ $or: [{ type: { $nin: ['private', 'sharing'] } }, { id: { $in: held.map((role) => role.id) } }] });
    } else {
      const related = await relatedRoleIds(ctx, accessRoleIds);
      where.push({ id: { $in: related } });
      where.push({ $or: [{ type: { $nin: ['private', 'sharing'] } }, { id: { $in: await callerRoleIds(ctx) } }, { id: { $in: [...accessRoleIds] } }] });
    }
  }
  const page = Math.max(1, request.page);
  const [roles, total] = await ctx.em.findAndCount(Role, { $and: where }, { orderBy: { name: 'asc', id: 'asc' }, limit: request.pageLimit, offset: (page - 1) * request.pageLimit });
  return { roles, page, pageLimit: request.pageLimit, total };
}

/** The access roles, plus every role of the users who hold them directly or through groups. */
async function relatedRoleIds(ctx: RequestContext, accessRoleIds: readonly number[]): Promise<number[]> {
  if (accessRoleIds.length === 0) return [];
  const rows = await ctx.em.execute<Array<{ role_id: number }>>(
    `with holders as (
       select user_id from user_role_association where role_id = any(?::int[])
       union select uga.user_id from group_role_association gra join user_group_association uga on uga.group_id = gra.group_id where gra.role_id = any(?::int[]))
     select role_id from user_role_association where user_id in (select user_id from holders)
     union select unnest(?::int[])`,
    [`{${accessRoleIds.join(',')}}`, `{${accessRoleIds.join(',')}}`, `{${accessRoleIds.join(',')}}`],
  );
  return rows.map((row) => Number(row.role_id));
}
