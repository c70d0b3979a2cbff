import type { GraphQLResolveInfo } from 'graphql';
import { Ctx, Info, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { HistoryView } from '../../services/histories';
import type { PageView } from '../../services/pages';
import type { WorkflowView } from '../../services/workflows';
import { historyParts } from '../histories/history.resolver';
import { HistoryType } from '../histories/history.type';
import { PageType } from '../pages/page.type';
import { Access } from '../shared/access';
import { summaryNode } from '../visualizations/visualization.resolver';
import { VisualizationSummaryType } from '../visualizations/visualization.type';
import { WorkflowType } from '../workflows/workflow.type';

/** What other users shared with the caller, and what everyone published, per kind (deleted ones left out). */
@Resolver()
export class SharedListsResolver {
  @Query(() => [HistoryType], { description: 'Histories other users shared with the caller.' })
  @Access('user')
  historiesSharedWithMe(@Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo): Promise<HistoryView[]> {
    return ctx.services.histories.sharedWithMe(ctx, historyParts(info));
  }

  @Query(() => [HistoryType], { description: 'Published histories of every user.' })
  @Access('anonymous')
  publishedHistories(@Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo): Promise<HistoryView[]> {
    return ctx.services.histories.published(ctx, historyParts(info));
  }

  @Query(() => [PageType], { description: 'Pages other users shared with the caller.' })
  @Access('user')
  pagesSharedWithMe(@Ctx() ctx: RequestContext): Promise<PageView[]> {
    return ctx.services.pages.sharedWithMe(ctx);
  }

  @Query(() => [PageType], { description: 'Published pages of every user.' })
  @Access('anonymous')
  publishedPages(@Ctx() ctx: RequestContext): Promise<PageView[]> {
    return ctx.services.pages.published(ctx);
  }

  @Query(() => [WorkflowType], { description: 'Workflows other users shared with the caller.' })
  @Access('user')
  workflowsSharedWithMe(@Ctx() ctx: RequestContext): Promise<WorkflowView[]> {
    return ctx.services.workflows.sharedWithMe(ctx);
  }

  @Query(() => [WorkflowType], { description: 'Published workflows of every user.' })
  @Access('anonymous')
  publishedWorkflows(@Ctx() ctx: RequestContext): Promise<WorkflowView[]> {
    return ctx.services.workflows.published(ctx);
  }

  @Query(() => [VisualizationSummaryType], { description: 'Visualizations other users shared with the caller.' })
  @Access('user')
  async visualizationsSharedWithMe(@Ctx() ctx: RequestContext): Promise<VisualizationSummaryType[]> {
    return (await ctx.services.visualizations.sharedWithMe(ctx)).map((row) => summaryNode(ctx, row));
  }

  @Query(() => [VisualizationSummaryType], { description: 'Published visualizations of every user.' })
  @Access('anonymous')
  async publishedVisualizations(@Ctx() ctx: RequestContext): Promise<VisualizationSummaryType[]> {
    return (await ctx.services.visualizations.published(ctx)).map((row) => summaryNode(ctx, row));
  }
}
