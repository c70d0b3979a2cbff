import { access, constants, mkdir } from 'node:fs/promises';
import type { AppConfig } from '../../config/app-config';
import type { ServiceContext } from '../../context/service-context';
import { IN_PROGRESS_STATUSES } from '../../entities/depot-install.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { isUniqueViolation } from '../../errors/database-errors';
import type { Logger } from '../../logging/logger';
import { enqueueTask } from '../../tasks/task-queue';
import { decodeId } from '../shared';
import { depotClient, depotEndpoint, DepotRequestError } from './depot-client';
import { type AllowedDepot, DepotAllowList } from './depot-urls';
import { parseInstallInfo, type RevisionInstallInfo } from './install-info';
import {
  changesetRevision,
  depotUrlText,
  INITIAL_CHANGELOG_HASH,
  namesDepotToolConf,
  NOT_AUTHORIZED,
  type ParameterStyle,
  RepositoriesInstalledException,
  repositoryWord,
  required,
  sectionForLabel,
  sectionText,
  shown,
  STYLE_WORDS,
} from './install-parameters';
import { planInstall, type PlannedRepository } from './install-plan';
import { type PanelSection, recordsToInstall } from './install-records';
import { INSTALL_TASK } from './install-task';
import { type InstalledRepositoryView, listInstalledRepositories, readInstalledRepositories } from './installed-repository-view';
import { InstallLayout } from './repository-files';
import { changeRepository, type RepositoryVerb } from './repository-lifecycle';
import type { InstalledToolsLoader } from './installed-tools-loader';
import type { TaskRunner } from '../../tasks/task-runner';
import type { ToolCatalogService } from '../tools';

export interface InstallRevisionInput {
  style: ParameterStyle;
  depotUrl?: string | null;
  name?: string | null;
  owner?: string | null;
  changesetRevision?: string | null;
  newToolPanelSectionLabel?: string | null;
  toolPanelSectionId?: string | null;
  installRepositoryDependencies?: boolean | null;
  installToolDependencies?: boolean | null;
  depotToolConf?: string | null;
}

export interface InstallRevisionsInput extends Omit<InstallRevisionInput, 'depotUrl' | 'name' | 'owner' | 'changesetRevision'> {
  depotUrls: string[];
  names: string[];
  owners: string[];
  changesetRevisions: string[];
}

/** The installed repositories, or the platform's `{status: 'error', error}` answer. */
export interface InstallOutcome {
  repositories: InstalledRepositoryView[];
  status: 'error' | null;
  error: string | null;
}

export interface LatestRevisionOutcome {
  changesetRevision: string | null;
  status: 'error' | null;
  error: string | null;
}

/** How long an install request waits for a task another worker took. */
const INSTALL_WAIT_MS = 15 * 60_000;

/**
 * Installing repository revisions from the depots an operator allows (DEPOT_URLS), as the
 * platform's install API does: administrators only, the depot reached over HTTP, the install itself
 * a durable task the request does at once and waits for.
 */
export class DepotInstallService {
  readonly layout: InstallLayout;
  private readonly allowList: DepotAllowList;

  constructor(
    config: Pick<AppConfig, 'depotToolDir' | 'depotUrls'>,
    private readonly log: Logger,
    private readonly depotTools: InstalledToolsLoader,
    private readonly tasks: TaskRunner,
    private readonly tools: ToolCatalogService,
  ) {
    this.layout = new InstallLayout(config.depotToolDir);
    this.allowList = new DepotAllowList(config.depotUrls);
  }

  /** Every installed repository record, by name (any caller with an identity, as the platform). */
  list(ctx: ServiceContext): Promise<InstalledRepositoryView[]> {
    ctx.caller.requireIdentity();
    return listInstalledRepositories(ctx);
  }

  /** One record; null for an id that names none (the platform answers `{}`). */
  async show(ctx: ServiceContext, encodedId: string): Promise<InstalledRepositoryView | null> {
    ctx.caller.requireIdentity();
    const [found] = await readInstalledRepositories(ctx, [decodeId(ctx, encodedId)]);
    return found ?? null;
  }

  /** The last of the depot's installable revisions of a repository, or the initial changeset. */
  async latestInstallableRevision(ctx: ServiceContext, input: { style: ParameterStyle; depotUrl?: string | null; name?: string | null; owner?: string | null }): Promise<LatestRevisionOutcome> {
    const words = STYLE_WORDS[input.style];
    const url = required(input.depotUrl, words.url);
    const name = required(input.name, 'name');
    const owner = required(input.owner, 'owner');
    ctx.caller.requireAdmin(NOT_AUTHORIZED);
    repositoryWord(name, 'name');
    repositoryWord(owner, 'owner');
    const depot = this.allowed(url, words.url);
    try {
      const revisions = await depotClient.getJson(depotEndpoint(depot.base, 'api/repositories/get_ordered_installable_revisions', { name, owner }));
      if (!Array.isArray(revisions)) throw new DepotRequestError('the depot did not answer a list of revisions');
      const last = revisions[revisions.length - 1];
      return { changesetRevision: typeof last === 'string' ? last : INITIAL_CHANGELOG_HASH, status: null, error: null };
    } catch (error) {
      if (!(error instanceof DepotRequestError)) throw error;
      const message = `Error attempting to retrieve the latest installable revision from ${words.depot} ${url} for repository ${name} owned by ${owner}: ${error.message}`;
      this.log.info({ url, name, owner, err: error.message }, 'latest installable revision not available');
      return { changesetRevision: null, status: 'error', error: message };
    }
  }

  /**
   * Installs a revision (and, when asked, its repository dependencies first). Answers the records
   * installed by this request, each Installed or Error; RepositoriesInstalledException when every
   * one of them is installed already.
   */
  async install(ctx: ServiceContext, input: InstallRevisionInput): Promise<InstallOutcome> {
    return this.installChecked(ctx, input, this.coordinates(input));
  }

  /**
   * The revision an install names, each part required and checked before any depot is asked (a
   * value no depot could answer for is 400, never a request, and is never echoed whole).
   */
  private coordinates(input: Pick<InstallRevisionInput, 'style' | 'depotUrl' | 'name' | 'owner' | 'changesetRevision'>): { url: string; name: string; owner: string; changesetRevision: string } {
    const words = STYLE_WORDS[input.style];
    const url = required(input.depotUrl, words.url);
    const name = required(input.name, 'name');
    const owner = required(input.owner, 'owner');
    const changeset = required(input.changesetRevision, 'changeset_revision');
    return { url: depotUrlText(url, words.url), name: repositoryWord(name, 'name'), owner: repositoryWord(owner, 'owner'), changesetRevision: changesetRevision(changeset) };
  }

  /** Several revisions with the same options: ordered lists whose positions go together. */
  async installMany(ctx: ServiceContext, input: InstallRevisionsInput): Promise<InstallOutcome> {
    ctx.caller.requireAdmin(NOT_AUTHORIZED);
    const words = STYLE_WORDS[input.style];
    const count = input.depotUrls.length;
    if ([input.names, input.owners, input.changesetRevisions].some((list) => list.length !== count)) {
      const error =
        `Error in ${words.api} API in install_repository_revisions: the received parameters must be ordered lists so that positional values in ` +
        `${words.urls}, names, owners and changeset_revisions are associated.`;
      return { repositories: [], status: 'error', error };
    }
    // Every revision is checked before the first is installed.
    for (let index = 0; index < count; index += 1) {
      this.coordinates({ style: input.style, depotUrl: input.depotUrls[index], name: input.names[index], owner: input.owners[index], changesetRevision: input.changesetRevisions[index] });
    }
    const repositories: InstalledRepositoryView[] = [];
    let alreadyInstalled = false;
    for (let index = 0; index < count; index += 1) {
      try {
        const outcome = await this.install(ctx, {
          ...input,
          depotUrl: input.depotUrls[index],
          name: input.names[index],
          owner: input.owners[index],
          changesetRevision: input.changesetRevisions[index],
        });
        if (outcome.status === 'error') return outcome;
        repositories.push(...outcome.repositories);
      } catch (error) {
        if (!(error instanceof RepositoriesInstalledException)) throw error;
        alreadyInstalled = true;
      }
    }
    if (repositories.length === 0 && alreadyInstalled) throw new RepositoriesInstalledException();
    return { repositories, status: null, error: null };
  }

  private async installChecked(ctx: ServiceContext, input: InstallRevisionInput, given: { url: string; name: string; owner: string; changesetRevision: string }): Promise<InstallOutcome> {
    const prepared = await this.prepareInstall(ctx, input, given);
    if ('error' in prepared) return { repositories: [], status: 'error', error: prepared.error };
    const { ids, taskId } = prepared;
    if (!(await this.tasks.runNow(taskId))) {
      await this.waitUntilSettled(ctx, ids);
      // Another process installed them: this one loads their tools now, not when its signal comes.
      await this.depotTools.load(ids);
    }
    return { repositories: await readInstalledRepositories(ctx, ids), status: null, error: null };
  }

  /**
   * Starts installing a revision (with its repository dependencies when asked) and answers at once
   * with the records it installs, dependencies first, each New: the install task (any process's)
   * takes them through their statuses, which `progress` reads.
   */
  async startInstall(ctx: ServiceContext, input: InstallRevisionInput): Promise<InstalledRepositoryView[]> {
    const prepared = await this.prepareInstall(ctx, input, this.coordinates(input));
    if ('error' in prepared) throw errors.invalid(prepared.error);
    return readInstalledRepositories(ctx, prepared.ids);
  }

  /** The records of an install under way (administrators), in the order of `encodedIds`. */
  progress(ctx: ServiceContext, encodedIds: readonly string[]): Promise<InstalledRepositoryView[]> {
    ctx.caller.requireAdmin();
    if (encodedIds.length > 100) throw errors.invalid('At most 100 records at a time.');
    return readInstalledRepositories(ctx, encodedIds.map((id) => decodeId(ctx, id)));
  }

  /** The depots administrators may install from (DEPOT_URLS), by address. */
  depots(ctx: ServiceContext): string[] {
    ctx.caller.requireAdmin();
    return this.allowList.all().map((depot) => depot.base);
  }

  /** An allowed depot named by an administrator's request. */
  allowedDepot(ctx: ServiceContext, url: string): AllowedDepot {
    ctx.caller.requireAdmin();
    return this.allowed(url, 'depotUrl');
  }

  /** Deactivates, uninstalls, reinstalls or repairs an installed repository (administrators). */
  async change(ctx: ServiceContext, verb: RepositoryVerb, encodedId: string): Promise<InstalledRepositoryView> {
    const id = await changeRepository(ctx, { layout: this.layout, depotTools: this.depotTools }, verb, encodedId);
    const [record] = await readInstalledRepositories(ctx, [id]);
    return record!;
  }

  /** Everything an install checks, then its records and task in one transaction. */
  private async prepareInstall(
    ctx: ServiceContext,
    input: InstallRevisionInput,
    given: { url: string; name: string; owner: string; changesetRevision: string },
  ): Promise<{ ids: number[]; taskId: number } | { error: string }> {
    const words = STYLE_WORDS[input.style];
    ctx.caller.requireAdmin(NOT_AUTHORIZED);
    if (input.installToolDependencies) {
      // As a platform without tool_dependency_dir (the 15.05 default) refuses them.
      throw new AppError(
        'ConfigDoesNotAllowException',
        "Tool dependencies can be automatically installed only if a 'tool_dependency_dir' is configured, and this platform builds no tool dependencies: " +
          "install the tools' requirements where their jobs run, and the repository without install_tool_dependencies.",
      );
    }
    const depot = this.allowed(given.url, words.url);
    const unusableConfiguration = await this.configurationProblem(input.depotToolConf ?? null);
    if (unusableConfiguration) return { error: unusableConfiguration };
    const section = this.section(ctx, input);
    const info = await this.installInfo(depot, given.name, given.owner, given.changesetRevision, words.depot);
    if (!info) {
      throw errors.invalid(
        'No information is available for the requested repository revision.\nOne or more of the following parameter values is likely invalid:\n' +
          `${words.url}: ${given.url}\nname: ${given.name}\nowner: ${given.owner}\nchangeset_revision: ${given.changesetRevision}\n`,
      );
    }
    const plan = await planInstall({ depot, info }, this.allowList, input.installRepositoryDependencies ?? false, (where, name, owner, changeset) =>
      this.installInfo(where, name, owner, changeset, words.depot),
    );
    const requests = await Promise.all(plan.map(async (planned) => ({ planned, section, toolShedStatus: await this.toolShedStatus(planned) })));
    return ctx.em
      .transactional(async (em) => {
        const toInstall = await recordsToInstall(em, requests);
        if (toInstall.length === 0) throw new RepositoriesInstalledException();
        const task = await enqueueTask(em, INSTALL_TASK, { repositoryIds: toInstall });
        return { ids: toInstall, taskId: task.id };
      })
      .catch((error: unknown) => {
        // A concurrent request recorded the same revision first: it is being installed.
        if (isUniqueViolation(error)) throw new RepositoriesInstalledException();
        throw error;
      });
  }

  private allowed(url: string, parameter: string): AllowedDepot {
    const depot = this.allowList.match(url);
    if (!depot) throw errors.invalid(`The depot ${shown(url)} (${parameter}) is not one this platform may install from: the operator lists those in DEPOT_URLS.`);
    return depot;
  }

  /** Null when the install can go into the depot tool configuration, else why not. */
  private async configurationProblem(named: string | null): Promise<string | null> {
    const toolDir = this.layout.root;
    if (named && named.trim() !== '' && !namesDepotToolConf(named, toolDir)) {
      return `No depot tool configuration named ${shown(named)} exists: this platform installs repositories into its one depot tool configuration (depot_tool_conf.xml), whose tool_path is DEPOT_TOOL_DIR.`;
    }
    try {
      await mkdir(toolDir, { recursive: true });
      await access(toolDir, constants.W_OK);
      return null;
    } catch {
      return `The depot tool configuration cannot be used: its tool_path, DEPOT_TOOL_DIR (${toolDir}), is not a directory this platform can write.`;
    }
  }

  /** The panel section of the tools: a new one named by its label, an existing one by id (unknown: none). */
  private section(ctx: ServiceContext, input: InstallRevisionInput): PanelSection | null {
    const label = sectionText(input.newToolPanelSectionLabel?.trim() ?? '', 'new_tool_panel_section_label');
    const id = sectionText(input.toolPanelSectionId?.trim() ?? '', 'tool_panel_section_id');
    if (label && id) throw errors.invalid('Give either tool_panel_section_id or new_tool_panel_section_label, not both.');
    if (label) return this.tools.panelSection(sectionForLabel(label).id) ?? sectionForLabel(label);
    if (!id) return null;
    const known = this.tools.panelSection(id);
    if (!known) this.log.info({ toolPanelSectionId: id }, 'no such tool panel section: tools are loaded outside any section');
    return known;
  }

  private async installInfo(depot: AllowedDepot, name: string, owner: string, changesetRevision: string, depotWord: string): Promise<RevisionInstallInfo | null> {
    try {
      const raw = await depotClient.getJson(depotEndpoint(depot.base, 'api/repositories/get_repository_revision_install_info', { name, owner, changeset_revision: changesetRevision }));
      return parseInstallInfo(raw, name);
    } catch (error) {
      if (!(error instanceof DepotRequestError)) throw error;
      throw new AppError(
        'InternalServerError',
        `Error attempting to retrieve installation information from ${depotWord} ${depot.base} for revision ${changesetRevision} of repository ${name} owned by ${owner}: ${error.message}`,
      );
    }
  }

  /** The platform's `tool_shed_status` of a revision: is it the latest installable one, is the repository deprecated. */
  private async toolShedStatus({ depot, info }: PlannedRepository): Promise<Record<string, string> | null> {
    try {
      const revisions = await depotClient.getJson(depotEndpoint(depot.base, 'api/repositories/get_ordered_installable_revisions', { name: info.name, owner: info.owner }));
      if (!Array.isArray(revisions)) return null;
      const latest = revisions[revisions.length - 1] === info.changesetRevision;
      const flag = (value: boolean) => (value ? 'True' : 'False');
      return { latest_installable_revision: flag(latest), revision_update: 'False', revision_upgrade: flag(!latest && revisions.includes(info.changesetRevision)), repository_deprecated: flag(info.deprecated) };
    } catch (error) {
      if (!(error instanceof DepotRequestError)) throw error;
      return null;
    }
  }

  private async waitUntilSettled(ctx: ServiceContext, ids: number[]): Promise<void> {
    const deadline = Date.now() + INSTALL_WAIT_MS;
    while (Date.now() < deadline) {
      const records = await readInstalledRepositories(ctx, ids);
      if (records.every((record) => !IN_PROGRESS_STATUSES.includes(record.status))) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
