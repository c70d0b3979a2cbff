import type { FilterQuery } from '@mikro-orm/core';
import type { Caller } from '../../context/caller';
import type { Role } from '../../entities/role.entity';

/**
 * Which roles a caller may see (the platform's `ok_to_display`): administrators see all; a user sees
 * every role that is neither private nor sharing, plus the roles they hold; nobody else sees private
 * or sharing roles. A query condition, so a listing stays one query.
 */
export function visibleRolesCondition(caller: Caller, heldRoleIds: number[]): FilterQuery<Role> {
  if (caller.isAdmin) return {};
  const publicTypes: FilterQuery<Role> = { type: { $nin: ['private', 'sharing'] } };
  if (!caller.user || heldRoleIds.length === 0) return publicTypes;
  return { $or: [publicTypes, { id: { $in: heldRoleIds } }] };
}
