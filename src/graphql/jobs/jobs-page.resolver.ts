import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { jobsPage, MAX_JOBS_PAGE } from '../../services/jobs';
import { Access } from '../shared/access';
import { selectedFields } from '../shared/lookahead';
import { JobConnection } from './jobs-page.types';

@Resolver()
export class JobsPageResolver {
  @Query(() => JobConnection, {
    description: "A page of the caller's jobs (administrators: all), newest update first (cursor pagination: `first` jobs `after` a cursor; the same cost wherever the page is).",
  })
  @Access('user')
  async jobsPage(
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('first', () => Int, { defaultValue: 100, description: `At most ${MAX_JOBS_PAGE}.` }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('states', () => [String], { nullable: true }) states?: string[],
    @Arg('toolIds', () => [String], { nullable: true }) toolIds?: string[],
    @Arg('historyId', () => String, { nullable: true }) historyId?: string,
    @Arg('dateRangeMin', () => String, { nullable: true, description: 'First update time (or day) included.' }) dateRangeMin?: string,
    @Arg('dateRangeMax', () => String, { nullable: true, description: 'Last update time (or day) included.' }) dateRangeMax?: string,
    @Arg('userEmail', () => String, { nullable: true, description: "Administrators only: a fragment of the owner's email." }) userEmail?: string,
    @Arg('destinationIds', () => [String], { nullable: true, description: 'Administrators only: the destinations (job_conf.xml) the jobs were routed to.' })
    destinationIds?: string[],
  ): Promise<JobConnection> {
    const page = await jobsPage(ctx, { states, toolIds, historyId, dateRangeMin, dateRangeMax, userEmail, destinationIds }, first, after);
    const edges = page.items.map(({ job, cursor }) => ({ cursor, node: job }));
    return {
      edges,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.length > 0 ? edges[edges.length - 1].cursor : (after ?? null) },
      totalCount: selectedFields(info).has('totalCount') ? await page.totalCount() : 0,
    };
  }
}
