import type { ServiceContext } from '../../context/service-context';
import { sql, type SqlStatement } from '../../db/sql/sql-statement';
import type { ShareableKind, ShareableTable } from './shareable-kinds';

/**
 * Who sees a shareable item (history, page, visualization, workflow), as SQL predicates: the one
 * place these rules are written, beside the role rules of `permissions/permission-rules.ts`.
 * `alias` names the item's table in the statement; the caller arrives as parameters (`$n`), so one
 * statement text serves every caller and a listing filters in its query.
 *
 * - owner: the item's user;
 * - administrator: everything (where the kind's contract gives them more than other users);
 * - published: listed for everyone, readable by everyone;
 * - importable (link access): readable by anyone who has the id, never listed;
 * - shared with a user: readable by that user (and, for the kinds that list them, listed).
 */
export interface CallerParams {
  /** The caller's user id (null, or 0, for nobody). */
  userId: string;
  /** Whether the caller is an administrator; omit where administrators see no more than others. */
  isAdmin?: string;
}

export const ownedBySql = (alias: string, userIdParam: string): string => `${alias}.user_id = ${userIdParam}`;

/** The item is shared with the user `userIdParam` names. */
export const sharedWithSql = (alias: string, kind: ShareableTable, userIdParam: string): string =>
  `exists (select 1 from ${kind.shareTable} shared_with where shared_with.${kind.shareItemColumn} = ${alias}.id and shared_with.user_id = ${userIdParam})`;

const anyOf = (terms: string[]) => `(${terms.join(' or ')})`;

/**
 * What a listing shows the caller (deleted items aside, which each listing decides): their own,
 * published ones of every user, and, when `shared`, those shared with them; an administrator all
 * when `caller.isAdmin` is given.
 */
export function visibleToCallerSql(alias: string, kind: ShareableTable, caller: CallerParams, options: { shared: boolean }): string {
  const terms = [ownedBySql(alias, caller.userId), `${alias}.published`];
  if (options.shared) terms.push(sharedWithSql(alias, kind, caller.userId));
  if (caller.isAdmin) terms.unshift(`${caller.isAdmin}::boolean`);
  return anyOf(terms);
}

/** What a show lets the caller read: owner, administrator, published, link access, shared with them. */
export function readableBySql(alias: string, kind: ShareableTable, caller: CallerParams): string {
  const terms = [ownedBySql(alias, caller.userId), `${alias}.published`, `${alias}.importable`, sharedWithSql(alias, kind, caller.userId)];
  if (caller.isAdmin) terms.unshift(`${caller.isAdmin}::boolean`);
  return anyOf(terms);
}

const sharedWithStatements = new Map<ShareableKind, SqlStatement<{ shared: boolean }>>();

/** Whether the caller is among the users an item is shared with (for rules checked outside SQL). */
export async function sharedWithCaller(ctx: ServiceContext, kind: ShareableKind, itemId: number): Promise<boolean> {
  if (!ctx.caller.userId) return false;
  let statement = sharedWithStatements.get(kind);
  if (!statement) {
    statement = sql<{ shared: boolean }>(`${kind.name}_shared_with_caller`, `select ${sharedWithSql('t', kind, '$2')} as shared from ${kind.table} t where t.id = $1`);
    sharedWithStatements.set(kind, statement);
  }
  return (await ctx.one(statement, [itemId, ctx.caller.userId]))?.shared ?? false;
}
