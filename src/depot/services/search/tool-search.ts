import { sql } from '../../../db/sql/sql-statement';
import type { DepotServiceContext } from '../../context/depot-service-context';
import { pageFilter, type SearchPage, wordParameters } from './search-query';
import { matchLateral, type SearchField, WORDS } from './search-statement';

/**
 * The fields the original's tool search reads, with its configured weights (`tool_name_boost` 1.2,
 * `tool_description_boost` 0.6, `tool_repo_owner_username_boost` 0.3). Its fourth field, the
 * tool's help (0.4), is not part of a revision's metadata (the original's metadata has none
 * either), so it is not searched here.
 */
export const TOOL_SEARCH_FIELDS: readonly SearchField[] = [
  { name: 'name', expression: 't.name', weight: 1.2 },
  { name: 'description', expression: 't.description', weight: 0.6 },
  { name: 'repo_owner_username', expression: 't."repoOwnerUsername"', weight: 0.3 },
];

/** A tool of an installable revision, as a search hit shows it. */
export interface ToolSearchEntry {
  id: string;
  name: string;
  description: string;
  version: string;
  guid: string;
  repositoryId: number;
  repoName: string;
  repoOwnerUsername: string;
  /** The installable revision that offers this version of the tool. */
  changesetRevision: string;
}

export interface ToolSearchRow extends ToolSearchEntry {
  score: number;
  terms: Array<[string, string]>;
  total: number;
}

const text = (field: string) => `coalesce(t.tool->>'${field}', '')`;

/**
 * The tools of the installable (downloadable, not malicious) revisions of repositories that are
 * neither deleted nor deprecated, each version of a tool of a repository once (from its latest
 * revision). The score is the relevance alone (the original weighs tools by nothing else); ties go
 * by name (in any case), owner, repository and version, the same on every database (byte order).
 */
const SEARCH = sql<ToolSearchRow>(
  'depot_tool_search',
  `with words as (${WORDS}),
   tools as (
     select distinct on (r.id, ${text('id')}, ${text('version')})
            ${text('id')} as id, ${text('name')} as name, ${text('description')} as description, ${text('version')} as version,
            ${text('guid')} as guid, r.id as "repositoryId", r.name as "repoName", u.username as "repoOwnerUsername",
            m.changeset_revision as "changesetRevision"
       from depot.repository r join depot.galaxy_user u on u.id = r.user_id
       join depot.repository_metadata m on m.repository_id = r.id and m.downloadable and not m.malicious
       cross join lateral jsonb_array_elements(case when jsonb_typeof(m.metadata->'tools') = 'array' then m.metadata->'tools' else '[]'::jsonb end) as t(tool)
      where not r.deleted and not r.deprecated
      order by r.id, ${text('id')}, ${text('version')}, m.ctx_rev desc
   ),
   matched as (
     select t.*, m.terms, m.relevance as score
       from tools t cross join ${matchLateral(TOOL_SEARCH_FIELDS)} m
      where m.matched_words = cardinality($1::text[])
   ),
   ranked as (
     select matched.*, row_number() over (order by score desc, lower(name) collate "C", "repoOwnerUsername" collate "C", "repoName" collate "C", version collate "C", id collate "C") as rank, count(*) over () as total from matched
   )
   select id, name, description, version, guid, "repositoryId", "repoName", "repoOwnerUsername", "changesetRevision",
          score::float8 as score, terms, total::int as total
     from ranked
    where ${pageFilter('$4::bigint', '$5::bigint')}
    order by rank`,
);

export function searchToolRows(ctx: DepotServiceContext, search: SearchPage): Promise<ToolSearchRow[]> {
  return ctx.rows(SEARCH, [...wordParameters(search.words), search.page, search.pageSize]);
}
