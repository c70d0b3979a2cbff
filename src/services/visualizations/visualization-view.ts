import type { RequestContext } from '../../context/request-context';
import { sql } from '../../db/sql/sql-statement';

/** An index item of the platform (summary dict): enough for a list, nothing per row fetched later. */
export type VisualizationSummary = {
  id: number;
  title: string;
  type: string;
  dbkey: string | null;
};

/** Everything show answers, and what the access rule needs, read in one statement. */
export type VisualizationDetail = VisualizationSummary & {
  userId: number;
  username: string | null;
  slug: string | null;
  annotation: string | null;
  importable: boolean;
  published: boolean;
  deleted: boolean;
  sharedWithCaller: boolean;
  revisionIds: number[];
  latestRevision: { id: number; title: string; dbkey: string | null; config: Record<string, unknown> } | null;
};

/** Shared with the caller ($1): the platform's visualization_user_share_association. */
const SHARED = `exists (select 1 from visualization_user_share_association s where s.visualization_id = v.id and s.user_id = $1)`;

/**
 * Who lists what (platform-facts §4.7): the caller's own, then those shared with the caller, then
 * published ones of other users; deleted ones never. One statement, whatever the number of rows.
 */
const LIST = sql<VisualizationSummary>(
  'visualizations_visible_to_user',
  `select v.id, v.title, v.type, v.dbkey from visualization v
   where v.deleted = false and (v.user_id = $1 or ${SHARED} or v.published = true)
   order by case when v.user_id = $1 then 0 when ${SHARED} then 1 else 2 end, v.update_time desc, v.id desc`,
);

const BY_ID = sql<VisualizationDetail>(
  'visualization_by_id',
  `select v.id, v.title, v.type, v.dbkey, v.slug, v.annotation, v.importable, v.published, v.deleted,
     v.user_id as "userId", u.username, ${SHARED} as "sharedWithCaller",
     array(select r.id from visualization_revision r where r.visualization_id = v.id order by r.id) as "revisionIds",
     case when lr.id is null then null else json_build_object('id', lr.id, 'title', lr.title, 'dbkey', lr.dbkey, 'config', lr.config) end as "latestRevision"
   from visualization v join galaxy_user u on u.id = v.user_id
   left join visualization_revision lr on lr.id = v.latest_revision_id
   where v.id = $2`,
);

export function listVisualizations(ctx: RequestContext, userId: number): Promise<VisualizationSummary[]> {
  return ctx.rows(LIST, [userId]);
}

/** `callerId` only answers `sharedWithCaller` (0 for nobody). */
export async function readVisualization(ctx: RequestContext, id: number, callerId: number): Promise<VisualizationDetail | null> {
  return (await ctx.one(BY_ID, [callerId, id])) ?? null;
}
