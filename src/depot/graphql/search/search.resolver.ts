import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { Access } from '../../../graphql/shared/access';
import type { DepotRequestContext } from '../../context/depot-context';
import type { RepositoryView } from '../../services/repositories/repository-view';
import type { RepositoryHit, SearchResult, ToolHit } from '../../services/search/search.service';
import type { ToolSearchEntry } from '../../services/search/tool-search';
import { repositoryById } from '../../services/shared/depot-loaders';
import { RepositoryType } from '../repositories/repository.type';
import { RepositorySearchType, SearchArgs, SearchToolType, ToolSearchType } from './search.type';

@Resolver()
export class SearchResolver {
  @Query(() => RepositorySearchType, { description: 'Repositories (neither deleted, deprecated nor tool dependency definitions) whose fields hold every word of q.' })
  @Access('anonymous')
  searchRepositories(@Ctx() ctx: DepotRequestContext, @Args(() => SearchArgs) args: SearchArgs): Promise<SearchResult<RepositoryHit>> {
    return ctx.services.search.repositories(ctx, args);
  }

  @Query(() => ToolSearchType, { description: 'Tools of installable revisions whose name, description or owner hold every word of q.' })
  @Access('anonymous')
  searchTools(@Ctx() ctx: DepotRequestContext, @Args(() => SearchArgs) args: SearchArgs): Promise<SearchResult<ToolHit>> {
    return ctx.services.search.tools(ctx, args);
  }
}

@Resolver(() => SearchToolType)
export class SearchToolResolver {
  @FieldResolver(() => RepositoryType, { nullable: true, description: 'The repository the tool is in.' })
  repository(@Root() tool: ToolSearchEntry, @Ctx() ctx: DepotRequestContext): Promise<RepositoryView | null> {
    return ctx.loaders.get(repositoryById).load(tool.repositoryId);
  }
}
