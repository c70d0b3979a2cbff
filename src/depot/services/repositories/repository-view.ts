import { StatementShapes, sql } from '../../../db/sql/sql-statement';
import type { DepotServiceContext } from '../../context/depot-service-context';
import type { RepositoryType } from '../../entities/repository.entity';

/** What the depot's graph reads of a repository: one row, its owner's name and category ids included. */
export interface RepositoryView {
  id: number;
  name: string;
  type: RepositoryType;
  description: string;
  longDescription: string;
  homepageUrl: string;
  remoteRepositoryUrl: string;
  userId: number;
  owner: string;
  private: boolean;
  deleted: boolean;
  deprecated: boolean;
  timesDownloaded: number;
  categoryIds: number[];
}

export const REPOSITORY_COLUMNS = `r.id, r.name, r.type, r.description, r.long_description as "longDescription",
  r.homepage_url as "homepageUrl", r.remote_repository_url as "remoteRepositoryUrl", r.user_id as "userId", u.username as owner,
  r.private, r.deleted, r.deprecated, r.times_downloaded as "timesDownloaded",
  array(select a.category_id from depot.repository_category_association a where a.repository_id = r.id order by a.category_id) as "categoryIds"`;

const FROM = 'depot.repository r join depot.galaxy_user u on u.id = r.user_id';

export interface RepositoryFilter {
  deleted: boolean;
  owner: string | null;
  name: string | null;
}

/**
 * The index (`GET /api/repositories`): non-deprecated repositories, deleted or not, optionally of
 * one owner and one name, by name. One statement per filter shape.
 */
const LISTED = new StatementShapes<{ owner: boolean; name: boolean }, RepositoryView>(
  'depot_repositories_listed',
  (shape) => {
    const where = ['not r.deprecated', 'r.deleted = $1'];
    if (shape.owner) where.push('u.username = $2');
    if (shape.name) where.push(`r.name = $${shape.owner ? 3 : 2}`);
    return `select ${REPOSITORY_COLUMNS} from ${FROM} where ${where.join(' and ')} order by r.name, r.id`;
  },
  (shape) => `${shape.owner ? 'o' : ''}${shape.name ? 'n' : ''}`,
);

const BY_ID = sql<RepositoryView>('depot_repository_by_id', `select ${REPOSITORY_COLUMNS} from ${FROM} where r.id = $1`);
const BY_IDS = sql<RepositoryView>('depot_repositories_by_ids', `select ${REPOSITORY_COLUMNS} from ${FROM} where r.id = any($1::int[])`);
const BY_NAME = sql<RepositoryView>('depot_repository_by_name', `select ${REPOSITORY_COLUMNS} from ${FROM} where r.name = $1 and u.username = $2`);

export function listRepositories(ctx: DepotServiceContext, filter: RepositoryFilter): Promise<RepositoryView[]> {
  const params: unknown[] = [filter.deleted];
  if (filter.owner !== null) params.push(filter.owner);
  if (filter.name !== null) params.push(filter.name);
  return ctx.rows(LISTED.for({ owner: filter.owner !== null, name: filter.name !== null }), params);
}

export function readRepository(ctx: DepotServiceContext, id: number): Promise<RepositoryView | null> {
  return ctx.one(BY_ID, [id]);
}

export function readRepositories(ctx: DepotServiceContext, ids: readonly number[]): Promise<RepositoryView[]> {
  return ctx.rows(BY_IDS, [ids]);
}

export function readRepositoryByName(ctx: DepotServiceContext, name: string, owner: string): Promise<RepositoryView | null> {
  return ctx.one(BY_NAME, [name, owner]);
}
