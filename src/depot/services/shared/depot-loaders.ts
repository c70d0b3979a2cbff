import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../../context/loader-registry';
import type { DepotRequestContext } from '../../context/depot-context';
import { type CategoryView, readCategories } from '../categories/category-view';
import { readRepositories, type RepositoryView } from '../repositories/repository-view';
import type { DepotUserView } from '../users/depot-user-view';
import { sql } from '../../../db/sql/sql-statement';

/** One statement per batch, whatever the number of parents. */
const USERS_BY_IDS = sql<DepotUserView>('depot_users_by_ids', 'select u.id, u.email, u.username, u.deleted from depot.galaxy_user u where u.id = any($1::int[])');

function byId<V extends { id: number }>(rows: V[], ids: readonly number[]): Array<V | null> {
  const found = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => found.get(id) ?? null);
}

export const depotUserById: LoaderFactory<number, DepotUserView | null, DepotRequestContext> = (ctx) =>
  new DataLoader(async (ids) => byId(await ctx.rows(USERS_BY_IDS, [ids]), ids));

export const categoryById: LoaderFactory<number, CategoryView | null, DepotRequestContext> = (ctx) =>
  new DataLoader(async (ids) => byId(await readCategories(ctx, ids), ids));

export const repositoryById: LoaderFactory<number, RepositoryView | null, DepotRequestContext> = (ctx) =>
  new DataLoader(async (ids) => byId(await readRepositories(ctx, ids), ids));
