import type { FilterQuery } from '@mikro-orm/core';
import type { Caller } from '../../context/caller';
import type { Role } from '../../entities/role.entity';

/** The roles a user holds in their own name (not through a group), and their private role. */
export interface DirectRoles {
  directRoleIds: number[];
  privateRoleId: number | null;
}

/**
 * Which roles a caller may see (the platform's `ok_to_display`): administrators see all; a user sees
 * every role that is neither private nor sharing, their own private role, and the sharing roles they
 * hold directly (a role held through a group does not count); anonymous callers none of those.
 * A query condition, so a listing stays one query.
 */
export function visibleRolesCondition(caller: Caller, held: DirectRoles): FilterQuery<Role> {
  if (caller.isAdmin) return {};
  const publicTypes: FilterQuery<Role> = { type: { $nin: ['private', 'sharing'] } };
  if (!caller.user) return publicTypes;
  const own: FilterQuery<Role>[] = [publicTypes];
  if (held.privateRoleId !== null) own.push({ type: 'private', id: held.privateRoleId });
  if (held.directRoleIds.length) own.push({ type: 'sharing', id: { $in: held.directRoleIds } });
  return { $or: own };
}
