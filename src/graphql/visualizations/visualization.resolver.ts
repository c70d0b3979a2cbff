import { visualizationActionsFor } from '../../services/visualizations';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { revisionsByVisualizationId, type VisualizationDetail, type VisualizationSummary } from '../../services/visualizations';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { JSONObjectScalar } from '../shared/scalars';
import { VisualizationRevisionType, VisualizationSummaryType, VisualizationType, VisualizationUpdateType } from './visualization.type';

export function visualizationNode(ctx: RequestContext, detail: VisualizationDetail): VisualizationType {
  const id = encoded(ctx, detail.id);
  const latest = detail.latestRevision;
  return {
    id,
    title: detail.title,
    type: detail.type,
    userId: encoded(ctx, detail.userId),
    owner: detail.username,
    updateTime: detail.updateTime,
    dbkey: detail.dbkey,
    slug: detail.slug,
    url: `/u/${detail.username ?? ''}/v/${detail.slug ?? ''}`,
    // Annotations are per user on the platform: others see none.
    annotation: detail.userId === ctx.caller.userId ? detail.annotation : null,
    importable: detail.importable,
    published: detail.published,
    deleted: detail.deleted,
    revisions: detail.revisionIds.map((revision) => encoded(ctx, revision)),
    latestRevision: latest
      ? { id: encoded(ctx, latest.id), visualizationId: id, title: latest.title, dbkey: latest.dbkey, config: latest.config, createTime: new Date(latest.createTime) }
      : null,
    viewerCan: visualizationActionsFor(ctx.caller, detail),
    key: detail.id,
  };
}

/** A listing item: the platform's summary dict, its url the API address. */
export function summaryNode(ctx: RequestContext, row: VisualizationSummary): VisualizationSummaryType {
  const id = encoded(ctx, row.id);
  return { id, title: row.title, type: row.type, dbkey: row.dbkey, url: `/api/visualizations/${id}`, owner: row.owner, updateTime: row.updateTime };
}

@Resolver(() => VisualizationType)
export class VisualizationResolver {
  @Query(() => [VisualizationSummaryType], { description: "The caller's visualizations, then those shared with the caller, then published ones." })
  @Access('user')
  async visualizations(@Ctx() ctx: RequestContext): Promise<VisualizationSummaryType[]> {
    return (await ctx.services.visualizations.list(ctx)).map((row) => summaryNode(ctx, row));
  }

  @Query(() => VisualizationType, { description: 'Published or link-accessible ones for anyone (visitors too), others by the sharing rules.' })
  @Access('anonymous')
  async visualization(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<VisualizationType> {
    return visualizationNode(ctx, await ctx.services.visualizations.show(ctx, id));
  }

  @Mutation(() => ID, { description: 'type (required), title, dbkey, slug, annotation, config; or import_id. Answers the new id.' })
  @Access('user')
  async createVisualization(@Ctx() ctx: RequestContext, @Arg('input', () => JSONObjectScalar) input: Record<string, unknown>): Promise<string> {
    return encoded(ctx, await ctx.services.visualizations.create(ctx, input));
  }

  @Mutation(() => VisualizationUpdateType, { nullable: true, description: 'title, dbkey, config: a new revision when one differs, else null. Owner only.' })
  @Access('owner')
  async updateVisualization(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => JSONObjectScalar) input: Record<string, unknown>,
  ): Promise<VisualizationUpdateType | null> {
    const revision = await ctx.services.visualizations.update(ctx, id, input);
    return revision === null ? null : { id, revision };
  }

  @FieldResolver(() => [VisualizationRevisionType], { description: 'Every revision, oldest first (one statement for any number of visualizations).' })
  async revisionHistory(@Root() visualization: VisualizationType, @Ctx() ctx: RequestContext): Promise<VisualizationRevisionType[]> {
    const revisions = await ctx.loaders.get(revisionsByVisualizationId).load(visualization.key);
    return revisions.map((revision) => ({
      id: encoded(ctx, revision.id),
      visualizationId: visualization.id,
      title: revision.title,
      dbkey: revision.dbkey,
      config: revision.config,
      createTime: revision.createTime,
    }));
  }
}
