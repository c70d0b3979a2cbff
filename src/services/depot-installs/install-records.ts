import type { EntityManager } from '@mikro-orm/postgresql';
import { INSTALL_STATUS, IN_PROGRESS_STATUSES, InstalledDepotRepository, type InstalledRepositoryMetadata } from '../../entities/depot-install.entity';
import type { PlannedRepository } from './install-plan';

export interface PanelSection {
  id: string;
  name: string;
}

/** One planned repository with what the install records beside it. */
export interface RecordRequest {
  planned: PlannedRepository;
  toolShedStatus: Record<string, string> | null;
  section: PanelSection | null;
}

/**
 * The records an install works on, in the plan's order, in the caller's transaction: a new record
 * (New) per revision never installed; a record that ended Error, Uninstalled or Deactivated is
 * installed again (back to New). A revision Installed, or being installed, is left out, as the
 * platform leaves out what is installed already. Answers the ids to install.
 */
export async function recordsToInstall(em: EntityManager, requests: readonly RecordRequest[]): Promise<number[]> {
  const ids: number[] = [];
  for (const { planned, toolShedStatus, section } of requests) {
    const { info, depot } = planned;
    const existing = await em.findOne(InstalledDepotRepository, {
      toolShed: info.toolShed,
      owner: info.owner,
      name: info.name,
      installedChangesetRevision: info.changesetRevision,
    });
    if (existing && (existing.status === INSTALL_STATUS.INSTALLED || IN_PROGRESS_STATUSES.includes(existing.status))) continue;
    const metadata: InstalledRepositoryMetadata = {
      tools: [],
      invalidTools: [],
      workflows: [],
      datatypes: [],
      repositoryDependencies: info.repositoryDependencies,
      toolDependencies: info.toolDependencies,
    };
    const fields = {
      depotUrl: depot.base,
      description: info.description,
      changesetRevision: info.changesetRevision,
      ctxRev: info.ctxRev,
      metadata,
      toolShedStatus,
      status: INSTALL_STATUS.NEW,
      errorMessage: null,
      deleted: false,
      uninstalled: false,
      panelSectionId: section?.id ?? null,
      panelSectionName: section?.name ?? null,
    };
    const record = existing
      ? Object.assign(existing, fields)
      : em.create(InstalledDepotRepository, { toolShed: info.toolShed, owner: info.owner, name: info.name, installedChangesetRevision: info.changesetRevision, ...fields });
    await em.flush();
    ids.push(record.id);
  }
  return ids;
}
