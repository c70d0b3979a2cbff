import { sql } from '../../../db/sql/sql-statement';
import type { DepotServiceContext } from '../../context/depot-service-context';
import { REPOSITORY_COLUMNS, type RepositoryView } from '../repositories/repository-view';
import { pageFilter, type SearchPage, wordParameters } from './search-query';
import { matchLateral, type SearchField, WORDS } from './search-statement';

/**
 * The fields the original's repository search reads, with the weights it configures for them
 * (`repo_name_boost` 0.9, `repo_description_boost` 0.6, … in its tool_shed.ini).
 */
export const REPOSITORY_SEARCH_FIELDS: readonly SearchField[] = [
  { name: 'name', expression: 'r.name', weight: 0.9 },
  { name: 'description', expression: 'r.description', weight: 0.6 },
  { name: 'long_description', expression: 'r.long_description', weight: 0.5 },
  { name: 'homepage_url', expression: 'r.homepage_url', weight: 0.3 },
  { name: 'remote_repository_url', expression: 'r.remote_repository_url', weight: 0.2 },
  { name: 'repo_owner_username', expression: 'u.username', weight: 0.3 },
];

/** Downloads a repository needs for its relevance to count once (the original's "reasonable hits"). */
const REASONABLE_DOWNLOADS = 100;

export interface RepositorySearchRow extends RepositoryView {
  score: number;
  terms: Array<[string, string]>;
  total: number;
  /** When the repository or its revisions last changed. */
  updateTime: Date;
}

/**
 * Searchable repositories are those the original indexes: neither deleted nor deprecated, and not
 * tool dependency definitions. The score is the relevance times the popularity
 * (`max(times_downloaded, 1) / 100`), as the original weighs its hits; ties go by name. One
 * statement: the matches ranked, counted and cut to the page.
 */
const SEARCH = sql<RepositorySearchRow>(
  'depot_repository_search',
  `with words as (${WORDS}),
   matched as (
     select r.id, r.name, m.terms,
            m.relevance * greatest(r.times_downloaded, 1) / ${REASONABLE_DOWNLOADS}.0 as score
       from depot.repository r join depot.galaxy_user u on u.id = r.user_id
       cross join ${matchLateral(REPOSITORY_SEARCH_FIELDS)} m
      where not r.deleted and not r.deprecated and r.type <> 'tool_dependency_definition'
        and m.matched_words = cardinality($1::text[])
   ),
   ranked as (
     select matched.*, row_number() over (order by score desc, name collate "C", id) as rank, count(*) over () as total from matched
   )
   select ${REPOSITORY_COLUMNS}, ranked.score::float8 as score, ranked.terms, ranked.total::int as total,
          greatest(r.update_time, (select max(c.create_time) from depot.changeset c where c.repository_id = r.id)) as "updateTime"
     from ranked join depot.repository r on r.id = ranked.id join depot.galaxy_user u on u.id = r.user_id
    where ${pageFilter('$4::bigint', '$5::bigint')}
    order by ranked.rank`,
);

export function searchRepositoryRows(ctx: DepotServiceContext, search: SearchPage): Promise<RepositorySearchRow[]> {
  return ctx.rows(SEARCH, [...wordParameters(search.words), search.page, search.pageSize]);
}
