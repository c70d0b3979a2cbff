import type { ServiceContext } from '../../context/service-context';
import { sql, StatementShapes } from '../../db/sql/sql-statement';

/** What the graph reads of a user (a User entity satisfies it); read models come from one statement. */
export interface UserView {
  id: number;
  email: string;
  username: string | null;
  deleted: boolean;
  purged: boolean;
  totalDiskUsage: number;
  createTime: Date;
  updateTime: Date;
}

/** The columns of a UserView, the table aliased `u`. */
export const USER_COLUMNS = `u.id, u.email, u.username, u.deleted, u.purged, u.total_disk_usage::float8 as "totalDiskUsage",
  u.create_time as "createTime", u.update_time as "updateTime"`;

const BY_IDS = sql<UserView>('users_by_ids', `select ${USER_COLUMNS} from galaxy_user u where u.id = any($1::int[])`);

export function readUsers(ctx: ServiceContext, ids: readonly number[]): Promise<UserView[]> {
  return ctx.rows(BY_IDS, [ids]);
}

const LIST = new StatementShapes<{ emailContains: boolean }, UserView>(
  'users',
  (shape) => `select ${USER_COLUMNS} from galaxy_user u where u.deleted = $1 ${shape.emailContains ? 'and u.email like $2' : ''} order by u.id`,
  (shape) => String(shape.emailContains),
);

/** Deleted or active users, by id; `emailContains` is a plain substring (no wildcards). */
export function listUsers(ctx: ServiceContext, deleted: boolean, emailContains: string | undefined): Promise<UserView[]> {
  const params: unknown[] = [deleted];
  if (emailContains) params.push(`%${emailContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return ctx.rows(LIST.for({ emailContains: Boolean(emailContains) }), params);
}
