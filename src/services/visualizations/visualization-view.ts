import type { RequestContext } from '../../context/request-context';
import { sql } from '../../db/sql/sql-statement';
import { ownedBySql, readableBySql, sharedWithSql, visibleToCallerSql } from '../sharing/shareable-access';
import { VISUALIZATIONS } from '../sharing/shareable-kinds';

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
  /** Whether the caller may read it (the sharing rules). */
  readable: boolean;
  revisionIds: number[];
  latestRevision: { id: number; title: string; dbkey: string | null; config: Record<string, unknown> } | null;
};

const SUMMARY = 'v.id, v.title, v.type, v.dbkey';

/**
 * Who lists what (platform-facts §4.7): the caller's own, then those shared with the caller, then
 * published ones of other users; deleted ones never; administrators no more than others (the
 * platform has no administrator listing). One statement, whatever the number of rows.
 */
const LIST = sql<VisualizationSummary>(
  'visualizations_visible_to_user',
  `select ${SUMMARY} from visualization v
   where v.deleted = false and ${visibleToCallerSql('v', VISUALIZATIONS, { userId: '$1' }, { shared: true })}
   order by case when ${ownedBySql('v', '$1')} then 0 when ${sharedWithSql('v', VISUALIZATIONS, '$1')} then 1 else 2 end, v.update_time desc, v.id desc`,
);

/**
 * Show reads deleted visualizations too: the platform's show still answers one to whoever may see
 * it (only listings and imports leave deleted ones out). $1 the caller (0 for nobody), $2 the
 * visualization, $3 whether the caller is an administrator.
 */
const BY_ID = sql<VisualizationDetail>(
  'visualization_by_id',
  `select ${SUMMARY}, v.slug, v.annotation, v.importable, v.published, v.deleted,
     v.user_id as "userId", u.username, ${readableBySql('v', VISUALIZATIONS, { userId: '$1', isAdmin: '$3' })} as readable,
     array(select r.id from visualization_revision r where r.visualization_id = v.id order by r.id) as "revisionIds",
     case when lr.id is null then null else json_build_object('id', lr.id, 'title', lr.title, 'dbkey', lr.dbkey, 'config', lr.config) end as "latestRevision"
   from visualization v join galaxy_user u on u.id = v.user_id
   left join visualization_revision lr on lr.id = v.latest_revision_id
   where v.id = $2`,
);

const OWNER = sql<{ id: number; userId: number }>('visualization_owner', 'select v.id, v.user_id as "userId" from visualization v where v.id = $1');

/** Visualizations of other users shared with $1 / published, not deleted, newest first. */
const SHARED_WITH_USER = sql<VisualizationSummary>(
  'visualizations_shared_with_user',
  `select ${SUMMARY} from visualization v where v.deleted = false and ${sharedWithSql('v', VISUALIZATIONS, '$1')} order by v.update_time desc, v.id desc`,
);
const PUBLISHED = sql<VisualizationSummary>(
  'visualizations_published',
  `select ${SUMMARY} from visualization v where v.deleted = false and v.published order by v.update_time desc, v.id desc`,
);

export function listVisualizations(ctx: RequestContext, userId: number): Promise<VisualizationSummary[]> {
  return ctx.rows(LIST, [userId]);
}

export function listSharedVisualizations(ctx: RequestContext, userId: number): Promise<VisualizationSummary[]> {
  return ctx.rows(SHARED_WITH_USER, [userId]);
}

export function listPublishedVisualizations(ctx: RequestContext): Promise<VisualizationSummary[]> {
  return ctx.rows(PUBLISHED, []);
}

/** A visualization with everything show answers, and whether the caller may read it. */
export async function readVisualization(ctx: RequestContext, id: number): Promise<VisualizationDetail | null> {
  return (await ctx.one(BY_ID, [ctx.caller.userId ?? 0, id, ctx.caller.isAdmin])) ?? null;
}

export function readOwner(ctx: RequestContext, id: number): Promise<{ id: number; userId: number } | null> {
  return ctx.one(OWNER, [id]);
}
