import { sql } from '../../../db/sql/sql-statement';
import type { DepotServiceContext } from '../../context/depot-service-context';
import type { RepositoryDependencyTuple } from '../../metadata/metadata-types';
import { REPOSITORY_COLUMNS, type RepositoryView } from '../repositories/repository-view';
import { REVISION_COLUMNS, type RevisionView } from './revision-view';

/** The revision a dependency resolves to: the one of its changeset, or the next downloadable one after it. */
export interface ResolvedDependency {
  index: number;
  repository: RepositoryView;
  revision: RevisionView;
  dependencies: { description: string | null; repository_dependencies: RepositoryDependencyTuple[] } | null;
}

/** How a changeset finds its record: its own, else the next downloadable one (the platform's rule for superseded changesets). */
export const CHOSEN_RECORD = (repository: string, changeset: string) => `
  select m.* from depot.repository_metadata m
   where m.repository_id = ${repository}.id
     and (m.changeset_revision = ${changeset}
          or (m.downloadable and m.ctx_rev > coalesce((select c.ctx_rev from depot.changeset c where c.repository_id = ${repository}.id and c.changeset_revision = ${changeset}), 2147483647)))
   order by (m.changeset_revision = ${changeset}) desc, m.ctx_rev limit 1`;

/** A revision's columns as one JSON object (the dates come back as text). */
export const REVISION_JSON = `(select to_jsonb(x) from (select ${REVISION_COLUMNS}) x)`;

/** Every dependency of one level at once: one statement, whatever their number. */
const RESOLVE = sql<{ index: number; repository: RepositoryView; revision: Record<string, unknown>; dependencies: ResolvedDependency['dependencies'] }>(
  'depot_resolve_dependencies',
  `select d.idx::int as index, (select to_jsonb(y) from (select ${REPOSITORY_COLUMNS}) y) as repository, ${REVISION_JSON} as revision,
          m.metadata->'repository_dependencies' as dependencies
     from unnest($1::text[], $2::text[], $3::text[]) with ordinality d(name, owner, changeset, idx)
     join depot.galaxy_user u on u.username = d.owner
     join depot.repository r on r.user_id = u.id and r.name = d.name
     join lateral (${CHOSEN_RECORD('r', 'd.changeset')}) m on true`,
);

/** A revision read back from JSON: its time is a Date again. */
export function revisionFromJson(json: Record<string, unknown>): RevisionView {
  const time = json.timeLastTested;
  return { ...(json as unknown as RevisionView), timeLastTested: typeof time === 'string' ? new Date(time.endsWith('Z') || /[+-]\d\d:\d\d$/.test(time) ? time : `${time}Z`) : null };
}

/** Resolves dependency tuples (name, owner, changeset) to this depot's repositories and revisions; unknown ones are left out. */
export async function resolveDependencies(ctx: DepotServiceContext, tuples: readonly RepositoryDependencyTuple[]): Promise<ResolvedDependency[]> {
  if (tuples.length === 0) return [];
  const rows = await ctx.rows(RESOLVE, [tuples.map((tuple) => tuple[1]), tuples.map((tuple) => tuple[2]), tuples.map((tuple) => tuple[3])]);
  return rows
    .map((row) => ({ index: row.index - 1, repository: row.repository, revision: revisionFromJson(row.revision), dependencies: row.dependencies }))
    .sort((a, b) => a.index - b.index);
}
