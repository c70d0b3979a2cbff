import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { InstalledRepositoryView } from '../../services/depot-installs';
import { Access } from '../shared/access';
import { Audited, type TargetOf } from '../shared/audited';
import { InstalledDepotRepositoryType } from './depot-install.type';

/** The repository the verb changed, labelled owner/name and revision. */
const repositoryTarget: TargetOf = (args, result) => {
  const record = result as InstalledRepositoryView | null;
  return { type: 'repository', id: typeof args.id === 'string' ? args.id : null, label: record ? `${record.owner}/${record.name} ${record.installedChangesetRevision}` : null };
};

/** An installed repository deactivated, uninstalled, reinstalled or repaired (administrators). */
@Resolver()
export class InstalledRepositoryAdminResolver {
  @Mutation(() => InstalledDepotRepositoryType, { description: 'Deactivates an Installed repository: its tools leave every process\'s panel, its files stay.' })
  @Access('admin')
  @Audited('repository.deactivate', repositoryTarget)
  deactivateDepotRepository(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<InstalledRepositoryView> {
    return ctx.services.depotInstalls.change(ctx, 'deactivate', id);
  }

  @Mutation(() => InstalledDepotRepositoryType, { description: 'Uninstalls a repository (Installed, Deactivated or Error): its tools go and its files are removed.' })
  @Access('admin')
  @Audited('repository.uninstall', repositoryTarget)
  uninstallDepotRepository(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<InstalledRepositoryView> {
    return ctx.services.depotInstalls.change(ctx, 'uninstall', id);
  }

  @Mutation(() => InstalledDepotRepositoryType, {
    description: 'A Deactivated repository activated again from its files; an Uninstalled or failed one installed again from its depot (answers it New; depotInstallProgress follows it).',
  })
  @Access('admin')
  @Audited('repository.reinstall', repositoryTarget)
  reinstallDepotRepository(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<InstalledRepositoryView> {
    return ctx.services.depotInstalls.change(ctx, 'reinstall', id);
  }

  @Mutation(() => InstalledDepotRepositoryType, { description: 'Installs an Installed or failed repository again from its depot, its files replaced (answers it New).' })
  @Access('admin')
  @Audited('repository.repair', repositoryTarget)
  repairDepotRepository(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<InstalledRepositoryView> {
    return ctx.services.depotInstalls.change(ctx, 'repair', id);
  }
}
