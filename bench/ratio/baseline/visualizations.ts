import { HttpError, decodeId, encodeId, type Ctx, notAccessible, requireUser } from './http';

/** Shared with the caller ($1). */
const SHARED = 'exists (select 1 from visualization_user_share_association s where s.visualization_id = v.id and s.user_id = $1)';

// ---- GET /api/visualizations: own, then shared with the caller, then published ones (platform-facts §4.7)

const VISUALIZATIONS = `
  select v.id, v.title, v.type, v.dbkey from visualization v
  where not v.deleted and (v.user_id = $1 or v.published or ${SHARED})
  order by case when v.user_id = $1 then 0 when ${SHARED} then 1 else 2 end, v.update_time desc, v.id desc`;

export async function listVisualizations(ctx: Ctx): Promise<Array<Record<string, unknown>>> {
  const caller = requireUser(ctx);
  const rows = await ctx.sql.rows<{ id: number; title: string; type: string; dbkey: string | null }>(VISUALIZATIONS, [caller.userId]);
  return rows.map((row) => {
    const id = encodeId(ctx, row.id);
    return { id, title: row.title, type: row.type, dbkey: row.dbkey, url: `/api/visualizations/${id}` };
  });
}

// ---- GET /api/visualizations/{id}

interface VisualizationRow {
  id: number;
  user_id: number;
  title: string;
  type: string;
  dbkey: string | null;
  slug: string | null;
  annotation: string | null;
  importable: boolean;
  published: boolean;
  username: string | null;
  shared: boolean;
  revision_ids: number[];
  latest_id: number | null;
  latest_title: string;
  latest_dbkey: string | null;
  latest_config: Record<string, unknown>;
}

const VISUALIZATION = `
  select v.id, v.user_id, v.title, v.type, v.dbkey, v.slug, v.annotation, v.importable, v.published, u.username, ${SHARED} as shared,
         array(select r.id from visualization_revision r where r.visualization_id = v.id order by r.id) as revision_ids,
         lr.id as latest_id, lr.title as latest_title, lr.dbkey as latest_dbkey, lr.config as latest_config
  from visualization v join galaxy_user u on u.id = v.user_id
  left join visualization_revision lr on lr.id = v.latest_revision_id
  where v.id = $2`;

/** The platform's get_object: bad and unknown ids are MessageExceptions naming the id. */
const messageException = (message: string) => new HttpError('MessageException', message);

export async function showVisualization(ctx: Ctx, encodedId: string): Promise<Record<string, unknown>> {
  const caller = requireUser(ctx);
  const raw = decodeId(ctx, encodedId, () => messageException(`Malformed Visualization id ( ${encodedId} ) specified, unable to decode`));
  const v = await ctx.sql.row<VisualizationRow>(VISUALIZATION, [caller.userId, raw]);
  if (!v) throw messageException(`Invalid Visualization id ( ${encodedId} ) specified`);
  const owner = v.user_id === caller.userId;
  if (!(caller.isAdmin || owner || v.importable || v.published || v.shared)) throw notAccessible('Visualization is not accessible to the current user');
  const id = encodeId(ctx, v.id);
  return {
    model_class: 'Visualization',
    id,
    title: v.title,
    type: v.type,
    user_id: encodeId(ctx, v.user_id),
    dbkey: v.dbkey,
    slug: v.slug,
    latest_revision:
      v.latest_id === null
        ? null
        : { model_class: 'VisualizationRevision', id: encodeId(ctx, v.latest_id), visualization_id: id, title: v.latest_title, dbkey: v.latest_dbkey, config: v.latest_config },
    revisions: v.revision_ids.map((revision) => encodeId(ctx, revision)),
    url: `/u/${v.username ?? ''}/v/${v.slug ?? ''}`,
    // Annotations are per user: others see none.
    annotation: owner ? v.annotation : null,
  };
}
