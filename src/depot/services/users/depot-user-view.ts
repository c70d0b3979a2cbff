import { sql } from '../../../db/sql/sql-statement';
import type { DepotServiceContext } from '../../context/depot-service-context';

/** What the depot's graph reads of a user. */
export interface DepotUserView {
  id: number;
  email: string;
  username: string;
  deleted: boolean;
}

const COLUMNS = 'u.id, u.email, u.username, u.deleted';

const LISTED = sql<DepotUserView>('depot_users_listed', `select ${COLUMNS} from depot.galaxy_user u where u.deleted = $1 order by u.username`);
const BY_ID = sql<DepotUserView>('depot_user_by_id', `select ${COLUMNS} from depot.galaxy_user u where u.id = $1`);

export function listDepotUsers(ctx: DepotServiceContext, deleted: boolean): Promise<DepotUserView[]> {
  return ctx.rows(LISTED, [deleted]);
}

export function readDepotUser(ctx: DepotServiceContext, id: number): Promise<DepotUserView | null> {
  return ctx.one(BY_ID, [id]);
}
