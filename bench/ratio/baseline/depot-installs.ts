import { decodeId, encodeId, type Ctx, requireUser } from './http';

/** The installed repository record (platform-facts §7.3: no model_class, error_message '' when none, url). */
interface InstalledRow {
  id: number;
  tool_shed: string;
  name: string;
  owner: string;
  installed_changeset_revision: string;
  changeset_revision: string;
  ctx_rev: string | null;
  includes_datatypes: boolean;
  tool_shed_status: Record<string, string> | null;
  deleted: boolean;
  uninstalled: boolean;
  dist_to_shed: boolean;
  status: string;
  error_message: string | null;
}

const COLUMNS = `r.id, r.tool_shed, r.name, r.owner, r.installed_changeset_revision, r.changeset_revision, r.ctx_rev, r.includes_datatypes,
  r.tool_shed_status, r.deleted, r.uninstalled, r.dist_to_shed, r.status, r.error_message`;

function record(ctx: Ctx, row: InstalledRow): Record<string, unknown> {
  const id = encodeId(ctx, row.id);
  return {
    id,
    tool_shed: row.tool_shed,
    name: row.name,
    owner: row.owner,
    installed_changeset_revision: row.installed_changeset_revision,
    changeset_revision: row.changeset_revision,
    ctx_rev: row.ctx_rev,
    includes_datatypes: row.includes_datatypes,
    tool_shed_status: row.tool_shed_status,
    deleted: row.deleted,
    uninstalled: row.uninstalled,
    dist_to_shed: row.dist_to_shed,
    status: row.status,
    error_message: row.error_message ?? '',
    url: `/api/tool_shed_repositories/${id}`,
  };
}

/** GET /api/tool_shed_repositories: every record, by name, to any user. */
export async function listInstalledRepositories(ctx: Ctx): Promise<Array<Record<string, unknown>>> {
  requireUser(ctx);
  const rows = await ctx.sql.rows<InstalledRow>(`select ${COLUMNS} from tool_shed_repository r order by r.name, r.id`, []);
  return rows.map((row) => record(ctx, row));
}

/** GET /api/tool_shed_repositories/{id}: the record, or {} for an id that names none. */
export async function showInstalledRepository(ctx: Ctx, encodedId: string): Promise<Record<string, unknown>> {
  requireUser(ctx);
  const row = await ctx.sql.row<InstalledRow>(`select ${COLUMNS} from tool_shed_repository r where r.id = $1`, [decodeId(ctx, encodedId)]);
  return row ? record(ctx, row) : {};
}
