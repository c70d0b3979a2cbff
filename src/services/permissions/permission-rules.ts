import type { Knex } from '@mikro-orm/knex';
import { PERMISSION_ACTIONS, type PermissionAction, type PermissionItemType } from '../../entities/item-permission.entity';

/**
 * The platform's permission semantics in one place:
 * - access actions restrict: an item with no access roles is public;
 * - dataset access needs ALL its access roles; library access needs ANY;
 * - add, modify and manage grant: no roles means nobody (but administrators).
 * Predicates are SQL (`exists` over item_permission), so listings filter in the query.
 */
export const RESTRICTING_ACTIONS: readonly PermissionAction[] = [PERMISSION_ACTIONS.libraryAccess, PERMISSION_ACTIONS.datasetAccess, PERMISSION_ACTIONS.requestTypeAccess];

/** A raw SQL condition with its bindings, to join into a knex query. */
export interface SqlCondition {
  sql: string;
  bindings: unknown[];
}

const rolesArray = (roleIds: readonly number[]) => `{${roleIds.join(',')}}`;

/** The item may be accessed: no access roles, or (library) the caller holds one of them. */
export function libraryAccessCondition(libraryIdColumn: string, roleIds: readonly number[]): SqlCondition {
  return {
    sql: `(not exists (select 1 from item_permission lp where lp.item_type = 'library' and lp.item_id = ${libraryIdColumn} and lp.action = ?)
           or exists (select 1 from item_permission lp where lp.item_type = 'library' and lp.item_id = ${libraryIdColumn} and lp.action = ? and lp.role_id = any(?::int[])))`,
    bindings: [PERMISSION_ACTIONS.libraryAccess, PERMISSION_ACTIONS.libraryAccess, rolesArray(roleIds)],
  };
}

/** A dataset may be accessed when the caller holds every one of its access roles (none: public). */
export function datasetAccessCondition(datasetIdColumn: string, roleIds: readonly number[]): SqlCondition {
  return {
    sql: `not exists (select 1 from item_permission dp where dp.item_type = 'dataset' and dp.item_id = ${datasetIdColumn} and dp.action = ? and not (dp.role_id = any(?::int[])))`,
    bindings: [PERMISSION_ACTIONS.datasetAccess, rolesArray(roleIds)],
  };
}

/** The caller holds one of the roles granting `action` on the item (granting actions). */
export function grantCondition(itemType: PermissionItemType, itemIdColumn: string, action: PermissionAction, roleIds: readonly number[]): SqlCondition {
  return {
    sql: `exists (select 1 from item_permission gp where gp.item_type = ? and gp.item_id = ${itemIdColumn} and gp.action = ? and gp.role_id = any(?::int[]))`,
    bindings: [itemType, action, rolesArray(roleIds)],
  };
}

export function whereCondition(query: Knex.QueryBuilder, condition: SqlCondition): Knex.QueryBuilder {
  return query.whereRaw(condition.sql, condition.bindings as Knex.RawBinding[]);
}

/** In memory, for one item whose grants are loaded: does a caller with `held` pass `action`? */
export function allows(action: PermissionAction, grantedRoleIds: readonly number[], held: ReadonlySet<number>): boolean {
  if (grantedRoleIds.length === 0) return RESTRICTING_ACTIONS.includes(action);
  if (action === PERMISSION_ACTIONS.datasetAccess) return grantedRoleIds.every((role) => held.has(role));
  return grantedRoleIds.some((role) => held.has(role));
}

/**
 * The same rules as SQL text for read statements written once: they read the caller's roles from a
 * `held(role_id)` CTE (see `heldRolesCte`) instead of bound parameters, so one statement text serves
 * every caller. Action names are constants of the code, never input.
 */
export const heldRolesCte = (userIdParam: string) =>
  `held(role_id) as (
     select ura.role_id from user_role_association ura where ura.user_id = ${userIdParam}
     union
     select gra.role_id from group_role_association gra join user_group_association uga on uga.group_id = gra.group_id where uga.user_id = ${userIdParam})`;

/** Library access: no access roles, or the caller holds one of them. */
export const libraryAccessibleSql = (libraryIdColumn: string) =>
  `(not exists (select 1 from item_permission p where p.item_type = 'library' and p.item_id = ${libraryIdColumn} and p.action = '${PERMISSION_ACTIONS.libraryAccess}')
    or exists (select 1 from item_permission p join held on held.role_id = p.role_id where p.item_type = 'library' and p.item_id = ${libraryIdColumn} and p.action = '${PERMISSION_ACTIONS.libraryAccess}'))`;

/** Dataset access: the caller holds every access role of the dataset (none: public). */
export const datasetAccessibleSql = (datasetIdColumn: string) =>
  `not exists (select 1 from item_permission p where p.item_type = 'dataset' and p.item_id = ${datasetIdColumn} and p.action = '${PERMISSION_ACTIONS.datasetAccess}'
               and p.role_id not in (select role_id from held))`;

/** The dataset has no access role at all (public). */
export const datasetUnrestrictedSql = (datasetIdColumn: string) =>
  `not exists (select 1 from item_permission p where p.item_type = 'dataset' and p.item_id = ${datasetIdColumn} and p.action = '${PERMISSION_ACTIONS.datasetAccess}')`;

/** A granting action: the caller holds one of the roles granted it on the item (none: nobody). */
export const grantedSql = (itemType: PermissionItemType, itemIdColumn: string, action: PermissionAction) =>
  `exists (select 1 from item_permission p join held on held.role_id = p.role_id where p.item_type = '${itemType}' and p.item_id = ${itemIdColumn} and p.action = '${action}')`;

/** Request type access (restricting): no access roles, or the caller holds one of them. */
export const requestTypeAccessibleSql = (requestTypeIdColumn: string) =>
  `(not exists (select 1 from item_permission p where p.item_type = 'request_type' and p.item_id = ${requestTypeIdColumn} and p.action = '${PERMISSION_ACTIONS.requestTypeAccess}')
    or exists (select 1 from item_permission p join held on held.role_id = p.role_id where p.item_type = 'request_type' and p.item_id = ${requestTypeIdColumn} and p.action = '${PERMISSION_ACTIONS.requestTypeAccess}'))`;
