import type { Ctx } from './http';
import { HttpError } from './http';

/**
 * The depot's targets, answered from plain SQL: the repository index and a revision's install
 * information (anonymous, as installers call them), with the depot's own id secret.
 */

interface RepositoryRow {
  id: number;
  name: string;
  type: string;
  remote_repository_url: string;
  homepage_url: string;
  description: string;
  long_description: string;
  user_id: number;
  private: boolean;
  deleted: boolean;
  times_downloaded: number;
  deprecated: boolean;
  owner: string;
  category_ids: number[];
}

const REPOSITORY = `r.id, r.name, r.type, r.remote_repository_url, r.homepage_url, r.description, r.long_description, r.user_id, r.private, r.deleted,
  r.times_downloaded, r.deprecated, u.username as owner`;

const encode = (ctx: Ctx, id: number) => ctx.app.depotIds.encode(id);

function repositoryDict(ctx: Ctx, row: RepositoryRow, element: boolean): Record<string, unknown> {
  const id = encode(ctx, row.id);
  const dict: Record<string, unknown> = {
    model_class: 'Repository',
    id,
    name: row.name,
    type: row.type,
    remote_repository_url: row.remote_repository_url,
    homepage_url: row.homepage_url,
    description: row.description,
    user_id: encode(ctx, row.user_id),
    private: row.private,
    deleted: row.deleted,
    times_downloaded: row.times_downloaded,
    deprecated: row.deprecated,
    owner: row.owner,
  };
  if (element) dict.long_description = row.long_description;
  else dict.category_ids = row.category_ids.map((category) => encode(ctx, category));
  dict.url = `/api/repositories/${id}`;
  return dict;
}

/** `GET /api/repositories`: the non-deprecated, non-deleted repositories by name. */
export async function listRepositories(ctx: Ctx): Promise<unknown> {
  const rows = await ctx.sql.rows<RepositoryRow>(
    `select ${REPOSITORY}, array(select a.category_id from depot.repository_category_association a where a.repository_id = r.id order by a.category_id) as category_ids
       from depot.repository r join depot.galaxy_user u on u.id = r.user_id
      where not r.deprecated and r.deleted = false order by r.name, r.id`,
    [],
  );
  return rows.map((row) => repositoryDict(ctx, row, false));
}

interface InstallRow extends RepositoryRow {
  m_id: number | null;
  changeset_revision: string;
  ctx_rev: number;
  malicious: boolean;
  downloadable: boolean;
  missing_test_components: boolean;
  tools_functionally_correct: boolean;
  do_not_test: boolean;
  test_install_error: boolean;
  has_repository_dependencies: boolean;
  includes_datatypes: boolean;
  includes_tools: boolean;
  includes_tool_dependencies: boolean;
  includes_tools_for_display_in_tool_panel: boolean;
  includes_workflows: boolean;
  time_last_tested: Date | null;
  tool_dependencies: Record<string, unknown> | null;
  repository_dependencies: { repository_dependencies?: unknown[] } | null;
}

const naiveIso = (date: Date) => date.toISOString().replace('Z', '').replace(/\.(\d{3})$/, (_m, ms: string) => (Number(ms) ? `.${ms}000` : ''));

/** `GET /api/repositories/get_repository_revision_install_info`: one statement. */
export async function installInfo(ctx: Ctx, name: string, owner: string, changeset: string): Promise<unknown> {
  if (!name || !owner || !changeset) return [{}, {}, {}];
  const row = await ctx.sql.row<InstallRow>(
    `select ${REPOSITORY}, m.id as m_id, m.changeset_revision, m.ctx_rev, m.malicious, m.downloadable, m.missing_test_components, m.tools_functionally_correct,
            m.do_not_test, m.test_install_error, m.has_repository_dependencies, m.includes_datatypes, m.includes_tools, m.includes_tool_dependencies,
            m.includes_tools_for_display_in_tool_panel, m.includes_workflows, m.time_last_tested,
            m.metadata->'tool_dependencies' as tool_dependencies, m.metadata->'repository_dependencies' as repository_dependencies
       from depot.repository r join depot.galaxy_user u on u.id = r.user_id
       left join lateral (
         select * from depot.repository_metadata m
          where m.repository_id = r.id and (m.changeset_revision = $3 or (m.downloadable and m.ctx_rev >
                coalesce((select c.ctx_rev from depot.changeset c where c.repository_id = r.id and c.changeset_revision = $3), 2147483647)))
          order by (m.changeset_revision = $3) desc, m.ctx_rev limit 1) m on true
      where r.name = $1 and u.username = $2`,
    [name, owner, changeset],
  );
  if (!row) return [{}, {}, {}];
  const repository = repositoryDict(ctx, row, true);
  if (row.m_id === null) return [repository, {}, {}];
  if (row.repository_dependencies?.repository_dependencies?.length) throw new HttpError('RequestParameterInvalidException', 'the baseline does not resolve repository dependencies');
  const revisionId = encode(ctx, row.m_id);
  const revision = {
    model_class: 'RepositoryMetadata',
    id: revisionId,
    repository_id: repository.id,
    changeset_revision: row.changeset_revision,
    malicious: row.malicious,
    downloadable: row.downloadable,
    missing_test_components: row.missing_test_components,
    tools_functionally_correct: row.tools_functionally_correct,
    do_not_test: row.do_not_test,
    test_install_error: row.test_install_error,
    has_repository_dependencies: row.has_repository_dependencies,
    includes_datatypes: row.includes_datatypes,
    includes_tools: row.includes_tools,
    includes_tool_dependencies: row.includes_tool_dependencies,
    includes_tools_for_display_in_tool_panel: row.includes_tools_for_display_in_tool_panel,
    includes_workflows: row.includes_workflows,
    time_last_tested: row.time_last_tested ? naiveIso(row.time_last_tested) : null,
    url: `/api/repository_revisions/${revisionId}`,
  };
  const origin = { repository_name: row.name, repository_owner: row.owner, changeset_revision: row.changeset_revision };
  const toolDependencies = Object.fromEntries(
    Object.entries(row.tool_dependencies ?? {}).map(([key, value]) => [key, Array.isArray(value) ? value.map((item: object) => ({ ...item, ...origin })) : { ...(value as object), ...origin }]),
  );
  const info = { [row.name]: [row.description, `${ctx.app.depotUrl}/repos/${row.owner}/${row.name}`, row.changeset_revision, String(row.ctx_rev), row.owner, {}, toolDependencies] };
  return [repository, revision, info];
}
