import type { ServiceContext } from '../../context/service-context';
import { StatementShapes } from '../../db/sql/sql-statement';
import { errors } from '../../errors/error-kinds';
import { USER_COLUMNS, type UserView } from '../users';
import { checkPageSize, jsonCursorOf, jsonCursorValue } from '../shared';

/** At most this many users in one page. */
export const MAX_USERS_PAGE = 500;

export interface UsersPageFilter {
  /** A fragment of the email or the public name, matched anywhere, case-insensitive. */
  search?: string | null;
  /** true: deleted users only; false: active users only; null: every user. */
  deleted?: boolean | null;
}

export interface UsersPage {
  items: Array<{ user: UserView; cursor: string }>;
  hasNextPage: boolean;
}

interface Shape {
  search: boolean;
  deleted: 'any' | 'yes' | 'no';
}

/**
 * One statement per shape. The search is `ilike '%fragment%'` on the email and the public name,
 * which the trigram indexes of galaxy_user serve (Migration20261206183000_user_search_trigrams).
 */
const PAGE = new StatementShapes<Shape, UserView>(
  'admin_users_page',
  (shape) => `select ${USER_COLUMNS} from galaxy_user u
    where u.id > $1
      ${shape.deleted === 'any' ? '' : shape.deleted === 'yes' ? 'and u.deleted' : 'and not u.deleted'}
      ${shape.search ? 'and (u.email ilike $3 or u.username ilike $3)' : ''}
    order by u.id limit $2`,
  (shape) => `${shape.search ? 's' : ''}${shape.deleted}`,
);

/** Escapes `%`, `_` and `\` so a fragment is matched as typed. */
function likeLiteral(fragment: string): string {
  return fragment.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function afterId(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const value = jsonCursorValue(cursor);
  if (!Array.isArray(value) || value.length !== 1 || !Number.isInteger(value[0]) || (value[0] as number) < 0) {
    throw errors.invalid(`Invalid cursor: ${cursor}`);
  }
  return value[0] as number;
}

/**
 * A page of users for administrators, by id: one statement, keyset-paged (the same cost wherever
 * the page is), searched by a fragment of the email or public name.
 */
export async function usersPage(ctx: ServiceContext, filter: UsersPageFilter, first: number, after: string | null | undefined): Promise<UsersPage> {
  ctx.caller.requireAdmin();
  checkPageSize(first, MAX_USERS_PAGE);
  const from = afterId(after);
  const search = filter.search?.trim() ?? '';
  const shape: Shape = { search: search !== '', deleted: filter.deleted === true ? 'yes' : filter.deleted === false ? 'no' : 'any' };
  const params: unknown[] = [from, first + 1];
  if (shape.search) params.push(`%${likeLiteral(search)}%`);
  const rows = first === 0 ? [] : await ctx.rows(PAGE.for(shape), params);
  const items = rows.slice(0, first).map((user) => ({ user, cursor: jsonCursorOf([user.id]) }));
  return { items, hasNextPage: rows.length > first };
}
