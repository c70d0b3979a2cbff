import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { historiesPage, MAX_HISTORIES_PAGE } from '../../services/histories';
import { Access } from '../shared/access';
import { selectedFields } from '../shared/lookahead';
import { historyPartsOf } from './history.resolver';
import { HistoryConnection } from './histories-page.types';

@Resolver()
export class HistoriesPageResolver {
  @Query(() => HistoryConnection, {
    description: "A page of the caller's histories, newest first (cursor pagination: `first` histories `after` a cursor; the same cost wherever the page is).",
  })
  @Access('user')
  async historiesPage(
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('first', () => Int, { defaultValue: 100, description: `At most ${MAX_HISTORIES_PAGE}.` }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('deleted', () => Boolean, { nullable: true, defaultValue: false, description: 'false: not deleted (the default); true: deleted only; null: both.' })
    deleted?: boolean | null,
  ): Promise<HistoryConnection> {
    const fields = selectedFields(info, undefined, ['edges', 'node']);
    const parts = historyPartsOf(fields);
    const page = await historiesPage(ctx, deleted ?? null, first, after, parts);
    const edges = page.items.map(({ history, cursor }) => ({ cursor, node: history }));
    return {
      edges,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.length > 0 ? edges[edges.length - 1].cursor : (after ?? null) },
      totalCount: selectedFields(info).has('totalCount') ? await page.totalCount() : 0,
    };
  }
}
