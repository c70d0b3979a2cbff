import { StatementShapes, sql } from '../../../db/sql/sql-statement';
import type { DepotServiceContext } from '../../context/depot-service-context';

/** A repository revision (the platform's RepositoryMetadata record) as the graph reads it, without its metadata. */
export interface RevisionView {
  id: number;
  repositoryId: number;
  changesetRevision: string;
  ctxRev: number;
  malicious: boolean;
  downloadable: boolean;
  missingTestComponents: boolean;
  toolsFunctionallyCorrect: boolean;
  doNotTest: boolean;
  testInstallError: boolean;
  skipToolTest: boolean;
  timeLastTested: Date | null;
  toolTestResults: Record<string, unknown> | null;
  hasRepositoryDependencies: boolean;
  includesDatatypes: boolean;
  includesTools: boolean;
  includesToolDependencies: boolean;
  includesToolsForDisplayInToolPanel: boolean;
  includesWorkflows: boolean;
}

export const REVISION_COLUMNS = `m.id, m.repository_id as "repositoryId", m.changeset_revision as "changesetRevision", m.ctx_rev as "ctxRev",
  m.malicious, m.downloadable, m.missing_test_components as "missingTestComponents", m.tools_functionally_correct as "toolsFunctionallyCorrect",
  m.do_not_test as "doNotTest", m.test_install_error as "testInstallError", m.skip_tool_test as "skipToolTest",
  m.time_last_tested as "timeLastTested", m.tool_test_results as "toolTestResults",
  m.has_repository_dependencies as "hasRepositoryDependencies", m.includes_datatypes as "includesDatatypes", m.includes_tools as "includesTools",
  m.includes_tool_dependencies as "includesToolDependencies", m.includes_tools_for_display_in_tool_panel as "includesToolsForDisplayInToolPanel",
  m.includes_workflows as "includesWorkflows"`;

/** The boolean columns the index filters on (the platform's names). */
export const REVISION_FILTERS = {
  downloadable: 'downloadable',
  malicious: 'malicious',
  toolsFunctionallyCorrect: 'tools_functionally_correct',
  missingTestComponents: 'missing_test_components',
  doNotTest: 'do_not_test',
  includesTools: 'includes_tools',
  testInstallError: 'test_install_error',
  skipToolTest: 'skip_tool_test',
} as const;

export type RevisionFilter = Partial<Record<keyof typeof REVISION_FILTERS, boolean>>;

/** The index: every given filter AND-ed, by repository id descending (the platform's order). One statement per filter shape. */
const LISTED = new StatementShapes<Array<keyof typeof REVISION_FILTERS>, RevisionView>(
  'depot_revisions_listed',
  (keys) => {
    const where = keys.map((key, index) => `m.${REVISION_FILTERS[key]} = $${index + 1}`);
    return `select ${REVISION_COLUMNS} from depot.repository_metadata m ${where.length ? `where ${where.join(' and ')}` : ''} order by m.repository_id desc, m.ctx_rev, m.id`;
  },
  (keys) => keys.join(','),
);

const BY_ID = sql<RevisionView>('depot_revision_by_id', `select ${REVISION_COLUMNS} from depot.repository_metadata m where m.id = $1`);
const BY_REPOSITORY_IDS = sql<RevisionView>('depot_revisions_by_repository', `select ${REVISION_COLUMNS} from depot.repository_metadata m where m.repository_id = any($1::int[]) order by m.ctx_rev`);
const METADATA_BY_IDS = sql<{ id: number; metadata: Record<string, unknown> }>('depot_revision_metadata_by_ids', 'select m.id, m.metadata from depot.repository_metadata m where m.id = any($1::int[])');

/** Oldest first: the changesets of a repository's downloadable revisions (empty for an unknown repository). */
const INSTALLABLE = sql<{ changeset: string }>(
  'depot_installable_revisions',
  `select m.changeset_revision as changeset from depot.repository_metadata m
     join depot.repository r on r.id = m.repository_id join depot.galaxy_user u on u.id = r.user_id
    where r.name = $1 and u.username = $2 and m.downloadable order by m.ctx_rev`,
);

export function listRevisions(ctx: DepotServiceContext, filter: RevisionFilter): Promise<RevisionView[]> {
  const keys = (Object.keys(REVISION_FILTERS) as Array<keyof typeof REVISION_FILTERS>).filter((key) => filter[key] !== undefined);
  return ctx.rows(LISTED.for(keys), keys.map((key) => filter[key]));
}

export function readRevision(ctx: DepotServiceContext, id: number): Promise<RevisionView | null> {
  return ctx.one(BY_ID, [id]);
}

export function readRevisionsOfRepositories(ctx: DepotServiceContext, repositoryIds: readonly number[]): Promise<RevisionView[]> {
  return ctx.rows(BY_REPOSITORY_IDS, [repositoryIds]);
}

export function readRevisionMetadata(ctx: DepotServiceContext, ids: readonly number[]): Promise<Array<{ id: number; metadata: Record<string, unknown> }>> {
  return ctx.rows(METADATA_BY_IDS, [ids]);
}

export async function installableChangesets(ctx: DepotServiceContext, name: string, owner: string): Promise<string[]> {
  return (await ctx.rows(INSTALLABLE, [name, owner])).map((row) => row.changeset);
}
