import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { depotSearchPage, installableRevisions, type DepotRevisionDetails, type DepotToolEntry, repositoryTools, revisionDetails } from '../../services/depot-installs';
import type { InstalledRepositoryView } from '../../services/depot-installs';
import { Access } from '../shared/access';
import { Audited, type TargetOf } from '../shared/audited';
import { DepotRepositorySearchType, DepotRepositoryType, DepotRevisionType, DepotToolType } from './depot-browse.type';
import { DepotParameterStyle, InstallDepotRevisionInput, InstalledDepotRepositoryType } from './depot-install.type';

interface DepotRepositoryRoot {
  depotUrl: string;
  name: string;
  owner: string;
  revisions: string[];
}

/** The install's target: the repository it names. */
const installTarget: TargetOf = (args) => {
  const input = (args.input ?? {}) as { name?: unknown; owner?: unknown; changesetRevision?: unknown };
  return { type: 'repository', id: null, label: `${String(input.owner ?? '')}/${String(input.name ?? '')} ${String(input.changesetRevision ?? '')}`.trim() };
};

/** The allowed depots seen from the administrator's Repositories screen: search, a repository's revisions, tools and dependencies, and an install followed as it goes. */
@Resolver(() => DepotRepositoryType)
export class DepotBrowseResolver {
  @Query(() => [String], { description: 'The depots administrators may install from (DEPOT_URLS).' })
  @Access('admin')
  configuredDepots(@Ctx() ctx: RequestContext): string[] {
    return ctx.services.depotInstalls.depots(ctx);
  }

  @Query(() => DepotRepositorySearchType, { description: "An allowed depot's repository search (its /api/repositories?q=), a page at a time (administrators)." })
  @Access('admin')
  async depotRepositorySearch(
    @Ctx() ctx: RequestContext,
    @Arg('depotUrl', () => String) depotUrl: string,
    @Arg('q', () => String) q: string,
    @Arg('first', () => Int, { nullable: true }) first?: number | null,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<DepotRepositorySearchType> {
    const found = await depotSearchPage(ctx.services.depotInstalls.allowedDepot(ctx, depotUrl), q, first, after);
    return {
      edges: found.hits.map((hit) => ({ cursor: found.cursor, node: hit })),
      pageInfo: { hasNextPage: found.hasNextPage, endCursor: found.endCursor },
      totalCount: found.totalResults,
    };
  }

  @Query(() => DepotRepositoryType, { description: "A repository of an allowed depot with its installable revisions (administrators)." })
  @Access('admin')
  async depotRepository(
    @Ctx() ctx: RequestContext,
    @Arg('depotUrl', () => String) depotUrl: string,
    @Arg('name', () => String) name: string,
    @Arg('owner', () => String) owner: string,
  ): Promise<DepotRepositoryRoot> {
    const depot = ctx.services.depotInstalls.allowedDepot(ctx, depotUrl);
    return { depotUrl: depot.base, name, owner, revisions: await installableRevisions(depot, name, owner) };
  }

  @FieldResolver(() => [DepotToolType], { description: "The tools the depot offers in it (from the depot's tool search)." })
  tools(@Root() repository: DepotRepositoryRoot, @Ctx() ctx: RequestContext): Promise<DepotToolEntry[]> {
    return repositoryTools(ctx.services.depotInstalls.allowedDepot(ctx, repository.depotUrl), repository.name, repository.owner);
  }

  @FieldResolver(() => DepotRevisionType, { nullable: true, description: 'A revision (its repository dependencies); null when the depot has none such.' })
  revision(@Root() repository: DepotRepositoryRoot, @Ctx() ctx: RequestContext, @Arg('changesetRevision', () => String) changesetRevision: string): Promise<DepotRevisionDetails | null> {
    return revisionDetails(ctx.services.depotInstalls.allowedDepot(ctx, repository.depotUrl), repository.name, repository.owner, changesetRevision);
  }

  @Mutation(() => [InstalledDepotRepositoryType], {
    description: 'Starts installing a revision (and its repository dependencies when asked) and answers at once with the records it installs, dependencies first (administrators); depotInstallProgress follows them.',
  })
  @Access('admin')
  @Audited('repository.install', installTarget)
  startDepotInstall(@Ctx() ctx: RequestContext, @Arg('input', () => InstallDepotRevisionInput) input: InstallDepotRevisionInput): Promise<InstalledRepositoryView[]> {
    return ctx.services.depotInstalls.startInstall(ctx, { ...input, style: input.style ?? DepotParameterStyle.DEPOT });
  }

  @Query(() => [InstalledDepotRepositoryType], { description: 'The records of an install under way, read now (administrators).' })
  @Access('admin')
  depotInstallProgress(@Ctx() ctx: RequestContext, @Arg('ids', () => [ID]) ids: string[]): Promise<InstalledRepositoryView[]> {
    return ctx.services.depotInstalls.progress(ctx, ids);
  }
}
