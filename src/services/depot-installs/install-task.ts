/**
 * The durable install task: for each repository record it names (dependencies first), download
 * and unpack the revision, read what it holds, load its datatypes and tools, and end Installed, or
 * Error with the message and the files removed. A task interrupted by a crash is claimed again
 * (by the next start or another process): records already Installed or Error are left, the others
 * start over from a clean directory.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CoreServices } from '../../context/service-context';
import { INSTALL_STATUS, IN_PROGRESS_STATUSES, type InstallStatus, InstalledDepotRepository, InstalledDepotTool } from '../../entities/depot-install.entity';
import type { TaskFailureHandler, TaskHandler } from '../../tasks/task-runner';
import { placeRevisionFiles, removeRevisionFiles } from './repository-files';
import { needsToolDirectory, scanRevision, type ScannedRevision, toolLineage } from './repository-metadata';
import type { DepotInstallService } from './depot-install.service';
import type { InstalledToolsLoader } from './installed-tools-loader';

export const INSTALL_TASK = 'depot.install';

export interface InstallTaskPayload {
  /** Records in install order (each after the repositories it depends on). */
  repositoryIds: number[];
}

export function installPayloadOf(payload: Record<string, unknown>): InstallTaskPayload {
  const ids = Array.isArray(payload.repositoryIds) ? payload.repositoryIds.filter((id): id is number => Number.isInteger(id)) : [];
  return { repositoryIds: ids };
}

/** What installing a revision uses: the installer's layout and records, and this process's tool loader. */
export interface InstallTaskServices extends CoreServices {
  depotInstalls: DepotInstallService;
  depotTools: InstalledToolsLoader;
}

export function installTaskHandler(services: InstallTaskServices): TaskHandler {
  return async (task) => {
    const installer = new RevisionInstaller(services);
    for (const id of installPayloadOf(task.payload).repositoryIds) await installer.install(id);
    return {};
  };
}

/** A task that failed for good (its process kept dying): what it left unfinished ends Error. */
export function installTaskFailed(services: InstallTaskServices): TaskFailureHandler {
  return async (task, em, error) => {
    const installer = new RevisionInstaller(services);
    for (const id of installPayloadOf(task.payload).repositoryIds) {
      const record = await em.findOne(InstalledDepotRepository, { id });
      if (record && IN_PROGRESS_STATUSES.includes(record.status)) await installer.fail(em, record, `The installation could not be finished: ${error}`);
    }
  };
}

class RevisionInstaller {
  constructor(private readonly services: InstallTaskServices) {}

  async install(id: number): Promise<void> {
    const { services } = this;
    const em = services.db.orm.em.fork();
    const record = await em.findOne(InstalledDepotRepository, { id });
    if (!record || !IN_PROGRESS_STATUSES.includes(record.status)) return;
    const log = services.log.child({ installedRepositoryId: id, repository: `${record.owner}/${record.name}`, changeset: record.installedChangesetRevision });
    await this.setStatus(em, id, INSTALL_STATUS.CLONING);
    let scanned: ScannedRevision;
    try {
      const dir = await placeRevisionFiles(services.depotInstalls.layout, record.depotUrl, record, services.config.maxUploadBytes);
      scanned = await scanRevision(dir, record, {
        repositoryDependencies: record.metadata?.repositoryDependencies ?? null,
        toolDependencies: record.metadata?.toolDependencies ?? null,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error }, 'repository revision could not be installed');
      await this.fail(em, record, `Error cloning repository: ${message}`);
      return;
    }
    const { metadata } = scanned;
    if (metadata.datatypes.length > 0) await this.setStatus(em, id, INSTALL_STATUS.LOADING_DATATYPES);
    if (metadata.tools.length > 0) await this.setStatus(em, id, INSTALL_STATUS.SETTING_TOOL_VERSIONS);
    const repositoryDir = services.depotInstalls.layout.repositoryDir(record);
    const tools = metadata.tools.map((entry) => ({ entry, tool: scanned.tools.get(entry.guid)!, lineage: toolLineage(record.toolShed, record.owner, record.name, entry.id) }));
    // This process's registry has them before the record says Installed: whoever reads that here finds them.
    const section = record.panelSectionId ? { id: record.panelSectionId, name: record.panelSectionName ?? record.panelSectionId } : null;
    services.depotTools.addInstalled(
      tools.map(({ entry, tool, lineage }) => ({ tool, oldId: entry.id, lineage, section })),
      metadata.datatypes,
    );
    await em.transactional(async (tx) => {
      await tx.nativeDelete(InstalledDepotTool, { repository: id });
      for (const { entry, tool, lineage } of tools) {
        tx.create(InstalledDepotTool, {
          repository: tx.getReference(InstalledDepotRepository, id),
          guid: entry.guid,
          toolId: entry.id,
          version: entry.version,
          name: entry.name,
          configFile: `${repositoryDir}/${entry.toolConfig}`,
          lineage,
          localOnly: needsToolDirectory(tool),
        });
      }
      await tx.flush();
      await tx.nativeUpdate(
        InstalledDepotRepository,
        { id },
        { metadata, includesDatatypes: metadata.datatypes.length > 0, status: INSTALL_STATUS.INSTALLED, errorMessage: null, updateTime: new Date() },
      );
      // The other processes load the tools once this commits.
      await tx.execute(`select pg_notify('depot_tools_changed', ?)`, [services.depotTools.signalFor([id])]);
    });
    log.info({ tools: metadata.tools.length, workflows: metadata.workflows.length, datatypes: metadata.datatypes.length }, 'repository revision installed');
  }

  /** Error: the message kept, the tool records and the files removed. */
  async fail(em: EntityManager, record: InstalledDepotRepository, message: string): Promise<void> {
    await em.transactional(async (tx) => {
      await tx.nativeDelete(InstalledDepotTool, { repository: record.id });
      await tx.nativeUpdate(InstalledDepotRepository, { id: record.id }, { status: INSTALL_STATUS.ERROR, errorMessage: message, updateTime: new Date() });
    });
    await removeRevisionFiles(this.services.depotInstalls.layout, record).catch(() => undefined);
  }

  private async setStatus(em: EntityManager, id: number, status: InstallStatus): Promise<void> {
    await em.nativeUpdate(InstalledDepotRepository, { id }, { status, updateTime: new Date() });
  }
}
