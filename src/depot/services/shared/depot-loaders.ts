import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../../context/loader-registry';
import type { DepotServiceContext } from '../../context/depot-service-context';
import { type CategoryView, readCategories } from '../categories/category-view';
import { readRepositories, type RepositoryView } from '../repositories/repository-view';
import type { DepotUserView } from '../users/depot-user-view';
import { sql } from '../../../db/sql/sql-statement';
import { readRevisionMetadata, readRevisionsOfRepositories, type RevisionView } from '../revisions/revision-view';

/** A commit of a repository, as the graph reads it. */
export interface ChangesetView {
  id: number;
  repositoryId: number;
  ctxRev: number;
  changesetRevision: string;
  commitMessage: string;
  metadataState: string;
  createTime: Date;
}

/** One statement per batch, whatever the number of parents. */
const USERS_BY_IDS = sql<DepotUserView>('depot_users_by_ids', 'select u.id, u.email, u.username, u.deleted from depot.galaxy_user u where u.id = any($1::int[])');

function byId<V extends { id: number }>(rows: V[], ids: readonly number[]): Array<V | null> {
  const found = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => found.get(id) ?? null);
}

export const depotUserById: LoaderFactory<number, DepotUserView | null, DepotServiceContext> = (ctx) =>
  new DataLoader(async (ids) => byId(await ctx.rows(USERS_BY_IDS, [ids]), ids));

export const categoryById: LoaderFactory<number, CategoryView | null, DepotServiceContext> = (ctx) =>
  new DataLoader(async (ids) => byId(await readCategories(ctx, ids), ids));

export const repositoryById: LoaderFactory<number, RepositoryView | null, DepotServiceContext> = (ctx) =>
  new DataLoader(async (ids) => byId(await readRepositories(ctx, ids), ids));

/** A repository's revisions (installable records), oldest first. */
export const revisionsByRepositoryId: LoaderFactory<number, RevisionView[], DepotServiceContext> = (ctx) =>
  new DataLoader(async (ids) => {
    const rows = await readRevisionsOfRepositories(ctx, ids);
    return ids.map((id) => rows.filter((row) => row.repositoryId === id));
  });

/** A revision's metadata (tools, workflows, datatypes, dependencies), read only when asked for. */
export const metadataByRevisionId: LoaderFactory<number, Record<string, unknown>, DepotServiceContext> = (ctx) =>
  new DataLoader(async (ids) => {
    const rows = await readRevisionMetadata(ctx, ids);
    return ids.map((id) => rows.find((row) => row.id === id)?.metadata ?? {});
  });

const CHANGESETS_BY_REPOSITORY = sql<ChangesetView>(
  'depot_changesets_by_repository',
  `select c.id, c.repository_id as "repositoryId", c.ctx_rev as "ctxRev", c.changeset_revision as "changesetRevision", c.commit_message as "commitMessage",
          c.metadata_state as "metadataState", c.create_time as "createTime"
     from depot.changeset c where c.repository_id = any($1::int[]) order by c.ctx_rev`,
);

/** Every revision (commit) of a repository, oldest first. */
export const changesetsByRepositoryId: LoaderFactory<number, ChangesetView[], DepotServiceContext> = (ctx) =>
  new DataLoader(async (ids) => {
    const rows = await ctx.rows(CHANGESETS_BY_REPOSITORY, [ids]);
    return ids.map((id) => rows.filter((row) => row.repositoryId === id));
  });
