/**
 * What an administrator does to an installed repository after its install, as 15.05's "Manage
 * installed tool shed repositories" did: deactivate (its tools leave the panel, its files stay),
 * uninstall (its files removed too), reinstall (a deactivated one activated again from its files;
 * an uninstalled or failed one installed again from its depot) and repair (installed again from the
 * depot, the files replaced). Every change is one transaction whose signal tells the other server
 * processes at commit; this process changes its own tool set right after.
 */
import { access } from 'node:fs/promises';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceContext } from '../../context/service-context';
import { INSTALL_STATUS, IN_PROGRESS_STATUSES, type InstallStatus, InstalledDepotRepository, InstalledDepotTool } from '../../entities/depot-install.entity';
import { errors } from '../../errors/error-kinds';
import { enqueueTask } from '../../tasks/task-queue';
import { decodeId } from '../shared';
import { INSTALL_TASK } from './install-task';
import type { InstalledToolsLoader, ToolSetRebuild } from './installed-tools-loader';
import { type InstallLayout, removeRevisionFiles } from './repository-files';

export type RepositoryVerb = 'deactivate' | 'uninstall' | 'reinstall' | 'repair';

/** The statuses each verb applies to. */
const ALLOWED: Record<RepositoryVerb, readonly InstallStatus[]> = {
  deactivate: [INSTALL_STATUS.INSTALLED],
  uninstall: [INSTALL_STATUS.INSTALLED, INSTALL_STATUS.DEACTIVATED, INSTALL_STATUS.ERROR],
  reinstall: [INSTALL_STATUS.DEACTIVATED, INSTALL_STATUS.UNINSTALLED, INSTALL_STATUS.ERROR],
  repair: [INSTALL_STATUS.INSTALLED, INSTALL_STATUS.ERROR],
};

export interface LifecycleDeps {
  layout: InstallLayout;
  depotTools: InstalledToolsLoader;
}

/** Applies `verb` to the record `encodedId`; answers its id (read again by the caller). */
export async function changeRepository(ctx: ServiceContext, deps: LifecycleDeps, verb: RepositoryVerb, encodedId: string): Promise<number> {
  ctx.caller.requireAdmin();
  const id = decodeId(ctx, encodedId);
  let rebuild: ToolSetRebuild | null = null;
  let load = false;
  let record: InstalledDepotRepository | null = null;
  await ctx.em.transactional(async (em) => {
    record = await em.findOne(InstalledDepotRepository, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!record) throw errors.notFound(`No installed repository with id ${encodedId}.`);
    if (!ALLOWED[verb].includes(record.status)) {
      const busy = IN_PROGRESS_STATUSES.includes(record.status) ? ' while it is being installed' : '';
      throw errors.invalid(`Repository ${record.owner}/${record.name} is ${record.status}${busy}: it cannot be ${pastTense(verb)}.`);
    }
    const filesThere = await access(deps.layout.absolute(deps.layout.repositoryDir(record))).then(
      () => true,
      () => false,
    );
    if (verb === 'deactivate') {
      Object.assign(record, { status: INSTALL_STATUS.DEACTIVATED, deleted: true, uninstalled: false });
      rebuild = 'installed';
    } else if (verb === 'uninstall') {
      Object.assign(record, { status: INSTALL_STATUS.UNINSTALLED, deleted: true, uninstalled: true, errorMessage: null });
      await em.nativeDelete(InstalledDepotTool, { repository: id });
      rebuild = 'installed';
    } else if (verb === 'reinstall' && record.status === INSTALL_STATUS.DEACTIVATED && filesThere) {
      Object.assign(record, { status: INSTALL_STATUS.INSTALLED, deleted: false, uninstalled: false });
      load = true;
    } else {
      // Installed again from the depot: the install task downloads, reads and loads it.
      const wasInstalled = record.status === INSTALL_STATUS.INSTALLED;
      Object.assign(record, { status: INSTALL_STATUS.NEW, deleted: false, uninstalled: false, errorMessage: null });
      await enqueueTask(em, INSTALL_TASK, { repositoryIds: [id] });
      if (wasInstalled) rebuild = 'installed';
    }
    record.updateTime = new Date();
    await em.flush();
    await notify(em, deps, id, rebuild);
  });
  const changed = record as InstalledDepotRepository | null;
  if (verb === 'uninstall' && changed) await removeRevisionFiles(deps.layout, changed);
  if (rebuild) await deps.depotTools.rebuild(rebuild);
  if (load) await deps.depotTools.load([id]);
  ctx.log.info({ installedRepositoryId: id, verb }, `installed repository: ${verb}`);
  return id;
}

async function notify(em: EntityManager, deps: LifecycleDeps, id: number, rebuild: ToolSetRebuild | null): Promise<void> {
  await em.execute(`select pg_notify('depot_tools_changed', ?)`, [deps.depotTools.signalFor([id], rebuild ?? undefined)]);
}

function pastTense(verb: RepositoryVerb): string {
  return { deactivate: 'deactivated', uninstall: 'uninstalled', reinstall: 'reinstalled', repair: 'repaired' }[verb];
}
