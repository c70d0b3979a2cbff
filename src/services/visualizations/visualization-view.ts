import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import type { ServiceContext } from '../../context/service-context';
import { sql } from '../../db/sql/sql-statement';
import { ownedBySql, readableBySql, sharedWithSql, visibleToCallerSql } from '../sharing';
import { VISUALIZATIONS } from '../sharing';

/** An index item of the platform (summary dict): enough for a list, nothing per row fetched later. */
export type VisualizationSummary = {
  id: number;
  title: string;
  type: string;
  dbkey: string | null;
  /** The owner's public username (null when they have none). */
  owner: string | null;
  updateTime: Date;
};

/** One revision, as a visualization's history of revisions lists it. */
export type VisualizationRevisionView = {
  id: number;
  visualizationId: number;
  title: string;
  dbkey: string | null;
  config: Record<string, unknown>;
  createTime: Date;
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
  /** `createTime` as JSON gives it (an ISO text). */
  latestRevision: { id: number; title: string; dbkey: string | null; config: Record<string, unknown>; createTime: string } | null;
};

const SUMMARY = `v.id, v.title, v.type, v.dbkey, v.update_time as "updateTime",
  (select u.username from galaxy_user u where u.id = v.user_id) as owner`;

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
const detailsWhere = (where: string) => `select ${SUMMARY}, v.slug, v.annotation, v.importable, v.published, v.deleted,
     v.user_id as "userId", u.username, ${readableBySql('v', VISUALIZATIONS, { userId: '$1', isAdmin: '$3' })} as readable,
     array(select r.id from visualization_revision r where r.visualization_id = v.id order by r.id) as "revisionIds",
     case when lr.id is null then null else json_build_object('id', lr.id, 'title', lr.title, 'dbkey', lr.dbkey, 'config', lr.config, 'createTime', lr.create_time) end as "latestRevision"
   from visualization v join galaxy_user u on u.id = v.user_id
   left join visualization_revision lr on lr.id = v.latest_revision_id
   where ${where}`;

const BY_ID = sql<VisualizationDetail>('visualization_by_id', detailsWhere('v.id = $2'));

/** As BY_ID for any number of visualizations ($2 their ids). */
const BY_IDS = sql<VisualizationDetail>('visualizations_by_ids', detailsWhere('v.id = any($2::int[])'));

/** Every revision of any number of visualizations, oldest first (one statement per batch). */
const REVISIONS_OF = sql<VisualizationRevisionView>(
  'visualization_revisions_of',
  `select r.id, r.visualization_id as "visualizationId", r.title, r.dbkey, r.config, r.create_time as "createTime"
   from visualization_revision r where r.visualization_id = any($1::int[]) order by r.visualization_id, r.id`,
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

export function listVisualizations(ctx: ServiceContext, userId: number): Promise<VisualizationSummary[]> {
  return ctx.rows(LIST, [userId]);
}

export function listSharedVisualizations(ctx: ServiceContext, userId: number): Promise<VisualizationSummary[]> {
  return ctx.rows(SHARED_WITH_USER, [userId]);
}

export function listPublishedVisualizations(ctx: ServiceContext): Promise<VisualizationSummary[]> {
  return ctx.rows(PUBLISHED, []);
}

/** A visualization with everything show answers, and whether the caller may read it. */
export async function readVisualization(ctx: ServiceContext, id: number): Promise<VisualizationDetail | null> {
  return (await ctx.one(BY_ID, [ctx.caller.userId ?? 0, id, ctx.caller.isAdmin])) ?? null;
}

/**
 * Visualizations by id with what show answers and whether the caller may read each (`readable`):
 * one statement per batch (a page's embedded visualizations).
 */
export const visualizationById: LoaderFactory<number, VisualizationDetail | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const byId = new Map((await ctx.rows(BY_IDS, [ctx.caller.userId ?? 0, ids, ctx.caller.isAdmin])).map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });

/** The revisions of each visualization, oldest first: one statement for a batch of visualizations. */
export const revisionsByVisualizationId: LoaderFactory<number, VisualizationRevisionView[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const rows = await ctx.rows(REVISIONS_OF, [ids]);
    const byVisualization = new Map<number, VisualizationRevisionView[]>(ids.map((id) => [id, []]));
    for (const row of rows) byVisualization.get(row.visualizationId)?.push(row);
    return ids.map((id) => byVisualization.get(id) ?? []);
  });

export function readOwner(ctx: ServiceContext, id: number): Promise<{ id: number; userId: number } | null> {
  return ctx.one(OWNER, [id]);
}
