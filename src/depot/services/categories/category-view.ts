import { sql } from '../../../db/sql/sql-statement';
import type { DepotServiceContext } from '../../context/depot-service-context';

/** What the depot's graph reads of a category, with the number of repositories filed under it. */
export interface CategoryView {
  id: number;
  name: string;
  description: string;
  deleted: boolean;
  repositoryCount: number;
}

/** Repositories anyone may see: neither deleted nor deprecated. */
const COLUMNS = `c.id, c.name, c.description, c.deleted,
  (select count(*)::int from depot.repository_category_association a join depot.repository r on r.id = a.repository_id
    where a.category_id = c.id and not r.deleted and not r.deprecated) as "repositoryCount"`;

const LISTED = sql<CategoryView>('depot_categories_listed', `select ${COLUMNS} from depot.category c where c.deleted = $1 order by c.name`);
const BY_ID = sql<CategoryView>('depot_category_by_id', `select ${COLUMNS} from depot.category c where c.id = $1`);
const BY_IDS = sql<CategoryView>('depot_categories_by_ids', `select ${COLUMNS} from depot.category c where c.id = any($1::int[])`);

export function listCategories(ctx: DepotServiceContext, deleted: boolean): Promise<CategoryView[]> {
  return ctx.rows(LISTED, [deleted]);
}

export function readCategory(ctx: DepotServiceContext, id: number): Promise<CategoryView | null> {
  return ctx.one(BY_ID, [id]);
}

export function readCategories(ctx: DepotServiceContext, ids: readonly number[]): Promise<CategoryView[]> {
  return ctx.rows(BY_IDS, [ids]);
}
