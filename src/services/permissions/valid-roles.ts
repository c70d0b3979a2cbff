import type { FilterQuery } from '@mikro-orm/core';
import type { ServiceContext } from '../../context/service-context';
import { Role } from '../../entities/role.entity';
import { callerRoleIds } from '../roles';

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
export async function validRoles(ctx: ServiceContext, isPublic: boolean, accessRoleIds: readonly number[], request: RolePageRequest): Promise<RolePage> {
  const where = await validRoleFilter(ctx, isPublic, accessRoleIds);
  if (request.query) where.push({ name: { $like: `${escapeLike(request.query.trim())}%` } });
  const page = Math.max(1, request.page);
  const [roles, total] = await ctx.em.findAndCount(Role, { $and: where }, { orderBy: { name: 'asc', id: 'asc' }, limit: request.pageLimit, offset: (page - 1) * request.pageLimit });
  return { roles, page, pageLimit: request.pageLimit, total };
}

/**
 * Which of the given roles are valid for the item (the same rule as the listing): the roles a
 * permission form may set; the others are skipped by the callers.
 */
export async function validAmong(ctx: ServiceContext, isPublic: boolean, accessRoleIds: readonly number[], roles: readonly Role[]): Promise<Role[]> {
  if (roles.length === 0) return [];
  const where = await validRoleFilter(ctx, isPublic, accessRoleIds);
  where.push({ id: { $in: roles.map((role) => role.id) } });
  const valid = new Set((await ctx.em.find(Role, { $and: where }, { fields: ['id'] })).map((role) => role.id));
  return roles.filter((role) => valid.has(role.id));
}

/** Non-deleted roles; for non-administrators, only those the platform's get_valid_roles offers them. */
async function validRoleFilter(ctx: ServiceContext, isPublic: boolean, accessRoleIds: readonly number[]): Promise<FilterQuery<Role>[]> {
  const where: FilterQuery<Role>[] = [{ deleted: false }];
  if (!ctx.caller.isAdmin) {
    const held = await callerRoleIds(ctx);
    if (isPublic) {
      where.push({ $or: [{ type: { $nin: ['private', 'sharing'] } }, { id: { $in: held } }] });
    } else {
      const related = await relatedRoleIds(ctx, accessRoleIds);
      where.push({ id: { $in: related } });
      where.push({ $or: [{ type: { $nin: ['private', 'sharing'] } }, { id: { $in: held } }, { id: { $in: [...accessRoleIds] } }] });
    }
  }
  return where;
}

/** The access roles, plus every role of the users who hold them directly or through groups. */
async function relatedRoleIds(ctx: ServiceContext, accessRoleIds: readonly number[]): Promise<number[]> {
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
