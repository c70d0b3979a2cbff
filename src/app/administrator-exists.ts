import type { Database } from '../db/database';
import { sql } from '../db/sql/sql-statement';

const ADMIN_USER = sql<{ found: number }>(
  'administratorExists',
  'select 1 as found from galaxy_user where email = any($1::text[]) and not deleted limit 1',
);

/**
 * True once an administrator can sign in: a user (not deleted) whose email ADMIN_USERS lists. The
 * master key alone is no administrator user.
 */
export async function administratorExists(db: Database, adminUsers: readonly string[]): Promise<boolean> {
  if (adminUsers.length === 0) return false;
  return (await db.reader.rows(null, ADMIN_USER, [adminUsers])).length > 0;
}
