import type { ServiceContext } from '../../context/service-context';
import type { InstalledRepositoryMetadata, InstallStatus } from '../../entities/depot-install.entity';
import { sql } from '../../db/sql/sql-statement';

/** An installed repository as listed and shown: one row. */
export interface InstalledRepositoryView {
  id: number;
  toolShed: string;
  depotUrl: string;
  name: string;
  description: string | null;
  owner: string;
  installedChangesetRevision: string;
  changesetRevision: string;
  ctxRev: string | null;
  includesDatatypes: boolean;
  toolShedStatus: Record<string, string> | null;
  deleted: boolean;
  uninstalled: boolean;
  distToShed: boolean;
  status: InstallStatus;
  errorMessage: string | null;
  panelSectionId: string | null;
  panelSectionName: string | null;
  createTime: Date;
  updateTime: Date;
}

/** A tool of an installed repository, as recorded. */
export interface InstalledToolView {
  id: number;
  repositoryId: number;
  guid: string;
  toolId: string;
  version: string;
  name: string;
  configFile: string;
  lineage: string;
  localOnly: boolean;
}

const COLUMNS = `r.id, r.tool_shed as "toolShed", r.depot_url as "depotUrl", r.name, r.description, r.owner,
  r.installed_changeset_revision as "installedChangesetRevision", r.changeset_revision as "changesetRevision",
  r.ctx_rev as "ctxRev", r.includes_datatypes as "includesDatatypes", r.tool_shed_status as "toolShedStatus",
  r.deleted, r.uninstalled, r.dist_to_shed as "distToShed", r.status, r.error_message as "errorMessage",
  r.panel_section_id as "panelSectionId", r.panel_section_name as "panelSectionName",
  r.create_time as "createTime", r.update_time as "updateTime"`;

/** The platform lists every record (deleted and uninstalled ones too) by name. */
const LISTED = sql<InstalledRepositoryView>('installed_repositories', `select ${COLUMNS} from tool_shed_repository r order by r.name, r.id`);

const BY_IDS = sql<InstalledRepositoryView>('installed_repositories_by_ids', `select ${COLUMNS} from tool_shed_repository r where r.id = any($1::int[])`);

const METADATA = sql<{ metadata: InstalledRepositoryMetadata | null }>('installed_repository_metadata', 'select r.metadata from tool_shed_repository r where r.id = $1');

const TOOLS_OF = sql<InstalledToolView>(
  'installed_tools_of_repositories',
  `select t.id, t.repository_id as "repositoryId", t.guid, t.tool_id as "toolId", t.version, t.name, t.config_file as "configFile",
     t.lineage, t.local_only as "localOnly"
   from depot_installed_tool t where t.repository_id = any($1::int[]) order by t.id`,
);

export function listInstalledRepositories(ctx: ServiceContext): Promise<InstalledRepositoryView[]> {
  return ctx.rows(LISTED, []);
}

/** The records of `ids`, in the order of `ids` (missing ones left out). */
export async function readInstalledRepositories(ctx: ServiceContext, ids: readonly number[]): Promise<InstalledRepositoryView[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.rows(BY_IDS, [ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is InstalledRepositoryView => row !== undefined);
}

export async function readInstalledMetadata(ctx: ServiceContext, id: number): Promise<{ found: boolean; metadata: InstalledRepositoryMetadata | null }> {
  const row = await ctx.one(METADATA, [id]);
  return { found: row !== null, metadata: row?.metadata ?? null };
}

export function readInstalledTools(ctx: ServiceContext, repositoryIds: readonly number[]): Promise<InstalledToolView[]> {
  return ctx.rows(TOOLS_OF, [repositoryIds]);
}
