import type { FilterQuery } from '@mikro-orm/core';
import type { ServiceContext } from '../../context/service-context';
import { Role } from '../../entities/role.entity';
import { errors } from '../../errors/error-kinds';
import { checkPageSize } from '../shared';

export const MAX_ROLE_PAGE = 200;

export interface RolePageFilter {
  /** A fragment of the name or description. */
  search?: string | null;
  deleted?: boolean | null;
  /** Private roles (one per user, named by their email) are left out unless asked for. */
  includePrivate?: boolean | null;
}

export interface RolePage {
  roles: Role[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/**
 * Roles for the administration's list and pickers, oldest first, keyset-paged by id: one statement
 * per page whatever the page (a site with 10,000 users has 10,000 private roles).
 */
export async function rolePage(ctx: ServiceContext, filter: RolePageFilter, first: number, after: string | null | undefined): Promise<RolePage> {
  ctx.caller.requireAdmin();
  checkPageSize(first, MAX_ROLE_PAGE);
  const afterId = after ? Number(after) : 0;
  if (!Number.isSafeInteger(afterId) || afterId < 0) throw errors.invalid(`Invalid cursor: ${String(after)}`);
  const where: FilterQuery<Role>[] = [{ id: { $gt: afterId } }, { deleted: filter.deleted ?? false }];
  if (!filter.includePrivate) where.push({ type: { $ne: 'private' } });
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push({ $or: [{ name: { $ilike: pattern } }, { description: { $ilike: pattern } }] });
  }
  const rows = await ctx.em.find(Role, { $and: where }, { orderBy: { id: 'asc' }, limit: first + 1 });
  const roles = rows.slice(0, first);
  return { roles, hasNextPage: rows.length > first, endCursor: roles.length ? String(roles[roles.length - 1].id) : (after ?? null) };
}
