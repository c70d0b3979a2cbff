import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { installableRevisions, type DepotRevisionDetails, type DepotToolEntry, repositoryTools, revisionDetails, searchDepotRepositories } from '../../services/depot-installs';
import type { InstalledRepositoryView } from '../../services/depot-installs';
import { errors } from '../../errors/error-kinds';
import { Access } from '../shared/access';
import { Audited, type TargetOf } from '../shared/audited';
import { DepotRepositorySearchType, DepotRepositoryType, DepotRevisionType, DepotToolType } from './depot-browse.type';
import { DepotParameterStyle, InstallDepotRevisionInput, InstalledDepotRepositoryType } from './depot-install.type';

const MAX_PAGE = 100;

/** The search's cursor: the number of the page after it (opaque to clients). */
const cursorOf = (page: number) => Buffer.from(`depot-page:${page}`).toString('base64url');
function pageAfter(after: string | null | undefined): number {
  if (!after) return 1;
  const match = /^depot-page:(\d{1,9})$/.exec(Buffer.from(after, 'base64url').toString('utf8'));
  if (!match) throw errors.invalid('The cursor is not one this search gave.');
  return Number(match[1]) + 1;
}

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
    const depot = ctx.services.depotInstalls.allowedDepot(ctx, depotUrl);
    const size = Math.min(Math.max(first ?? 20, 1), MAX_PAGE);
    const page = pageAfter(after);
    const found = await searchDepotRepositories(depot, q, page, size);
    // A page past the last gives the last page again (the depot's way): no rows then.
    const rows = found.page === page ? found.hits : [];
    const hasNextPage = rows.length > 0 && page * size < found.totalResults;
    return {
      edges: rows.map((hit) => ({ cursor: cursorOf(page), node: hit })),
      pageInfo: { hasNextPage, endCursor: rows.length > 0 ? cursorOf(page) : (after ?? null) },
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
