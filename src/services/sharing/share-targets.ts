import type { ServiceContext } from '../../context/service-context';
import { sql } from '../../db/sql/sql-statement';
import { IdDecodeError } from '../../ids/id-codec';

interface UserRow {
  id: number;
  email: string;
}

const USERS = sql<UserRow>(
  'share_target_users',
  'select id, email from galaxy_user where deleted = false and (email = any($1::text[]) or id = any($2::int[]))',
);

/** The users a share names, in the order given, and what named nobody (or the owner). */
export interface ShareTargets {
  userIds: number[];
  errors: string[];
}

/**
 * Reads the values of `share_with_users` (emails, or encoded user ids) in one statement: a value
 * that names no active user is reported as the platform reports it, and so is the item's owner.
 */
export async function shareTargets(ctx: ServiceContext, values: readonly string[], ownerId: number | null): Promise<ShareTargets> {
  const named = values.map((value) => value.trim()).filter(Boolean);
  const ids = new Map<string, number>();
  for (const value of named) {
    if (value.includes('@')) continue;
    try {
      ids.set(value, ctx.services.ids.decode(value));
    } catch (error) {
      if (!(error instanceof IdDecodeError)) throw error;
    }
  }
  const emails = named.filter((value) => value.includes('@'));
  const users = named.length === 0 ? [] : await ctx.rows(USERS, [emails, [...ids.values()]]);
  const byEmail = new Map(users.map((user) => [user.email, user.id]));
  const byId = new Set(users.map((user) => user.id));
  const result: ShareTargets = { userIds: [], errors: [] };
  for (const value of named) {
    const id = value.includes('@') ? byEmail.get(value) : ids.get(value);
    if (id === undefined || !byId.has(id)) result.errors.push(`${value} is not a valid Galaxy user.`);
    else if (id === ownerId) result.errors.push('You cannot share resource with yourself.');
    else if (!result.userIds.includes(id)) result.userIds.push(id);
  }
  return result;
}
