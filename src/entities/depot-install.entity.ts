import { Entity, Index, JsonType, ManyToOne, Property, Unique, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';

/** The platform's installation statuses (platform-facts §7.3), in the order an install goes through them. */
export const INSTALL_STATUS = {
  NEW: 'New',
  CLONING: 'Cloning',
  LOADING_DATATYPES: 'Loading proprietary datatypes',
  SETTING_TOOL_VERSIONS: 'Setting tool versions',
  INSTALLING_TOOL_DEPENDENCIES: 'Installing tool dependencies',
  INSTALLING_REPOSITORY_DEPENDENCIES: 'Installing repository dependencies',
  INSTALLED: 'Installed',
  ERROR: 'Error',
  DEACTIVATED: 'Deactivated',
  UNINSTALLED: 'Uninstalled',
} as const;

export type InstallStatus = (typeof INSTALL_STATUS)[keyof typeof INSTALL_STATUS];

/** Statuses of an install under way (its task will finish it, or mark it Error). */
export const IN_PROGRESS_STATUSES: readonly InstallStatus[] = [
  INSTALL_STATUS.NEW,
  INSTALL_STATUS.CLONING,
  INSTALL_STATUS.LOADING_DATATYPES,
  INSTALL_STATUS.SETTING_TOOL_VERSIONS,
  INSTALL_STATUS.INSTALLING_TOOL_DEPENDENCIES,
  INSTALL_STATUS.INSTALLING_REPOSITORY_DEPENDENCIES,
];

/** One tool of an installed revision, as recorded in the repository's metadata. */
export interface InstalledToolMetadata {
  guid: string;
  id: string;
  version: string;
  name: string;
  description: string;
  /** The tool's XML, relative to the repository's directory. */
  toolConfig: string;
}

/** One `.ga` file of an installed revision. */
export interface InstalledWorkflowMetadata {
  /** Relative to the repository's directory. */
  path: string;
  name: string;
  annotation: string;
  formatVersion: string;
}

/** One `<datatype>` of the revision's `datatypes_conf.xml`. */
export interface InstalledDatatypeMetadata {
  extension: string;
  type: string | null;
  subclass: boolean;
  mimetype: string | null;
  displayInUpload: boolean;
}

/** What the platform computed from the unpacked revision (the platform's repository `metadata`). */
export interface InstalledRepositoryMetadata {
  tools: InstalledToolMetadata[];
  /** Tool XML files that did not parse: relative path and the parser's message. */
  invalidTools: Array<{ path: string; message: string }>;
  workflows: InstalledWorkflowMetadata[];
  datatypes: InstalledDatatypeMetadata[];
  /** As the depot gave them in the install information (the 7-item list's 6th and 7th items). */
  repositoryDependencies: Record<string, unknown> | null;
  toolDependencies: Record<string, unknown> | null;
}

/**
 * A repository revision installed from a depot (the platform's ToolShedRepository). One record per
 * depot, owner, name and installed changeset: installing another revision of the repository adds a
 * record, and the tools of both stay available.
 */
@Entity({ tableName: 'tool_shed_repository' })
@Unique({ properties: ['toolShed', 'owner', 'name', 'installedChangesetRevision'] })
@Index({ properties: ['name'] })
export class InstalledDepotRepository extends BaseEntity {
  /** The depot's host[:port], as its clone URLs name it (no protocol). */
  @Property({ type: 'string', length: 255 })
  toolShed!: string;

  /** The allowed depot address the revision was fetched from (a retried install uses it again). */
  @Property({ type: 'text' })
  depotUrl!: string;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'string', length: 255 })
  owner!: string;

  @Property({ type: 'string', length: 255 })
  installedChangesetRevision!: string;

  @Property({ type: 'string', length: 255 })
  changesetRevision!: string;

  @Property({ type: 'string', length: 10, nullable: true })
  ctxRev: string | null = null;

  @Property({ type: JsonType, nullable: true })
  metadata: InstalledRepositoryMetadata | null = null;

  @Property({ type: 'boolean' })
  includesDatatypes: boolean & Opt = false;

  @Property({ type: JsonType, nullable: true })
  toolShedStatus: Record<string, string> | null = null;

  @Property({ type: 'boolean' })
  deleted: boolean & Opt = false;

  @Property({ type: 'boolean' })
  uninstalled: boolean & Opt = false;

  @Property({ type: 'boolean' })
  distToShed: boolean & Opt = false;

  @Property({ type: 'string', length: 255 })
  status: InstallStatus & Opt = INSTALL_STATUS.NEW;

  @Property({ type: 'text', nullable: true })
  errorMessage: string | null = null;

  /** The panel section its tools go to (kept so a retried install places them alike); null: top level. */
  @Property({ type: 'string', length: 255, nullable: true })
  panelSectionId: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  panelSectionName: string | null = null;
}

/**
 * A tool of an installed repository, under its depot guid. Every process loads the tools of
 * Installed repositories at start, and the ones a signal names as they are installed.
 */
@Entity({ tableName: 'depot_installed_tool' })
@Unique({ properties: ['repository', 'guid'] })
@Index({ properties: ['guid'] })
export class InstalledDepotTool extends BaseEntity {
  @ManyToOne(() => InstalledDepotRepository, { deleteRule: 'cascade' })
  repository!: InstalledDepotRepository;

  /** `<depot host:port>/repos/<owner>/<name>/<tool id>/<version>`: the tool's id on the platform. */
  @Property({ type: 'text' })
  guid!: string;

  /** The id the tool's XML gives it (the platform's `old_id`). */
  @Property({ type: 'string', length: 255 })
  toolId!: string;

  @Property({ type: 'string', length: 255 })
  version!: string;

  @Property({ type: 'text' })
  name!: string;

  /** The XML, relative to DEPOT_TOOL_DIR. */
  @Property({ type: 'text' })
  configFile!: string;

  /** `<depot host:port>/repos/<owner>/<name>/<tool id>`: the versions of one tool across revisions. */
  @Property({ type: 'text' })
  lineage!: string;

  /**
   * The command reads files of the tool's directory (an interpreter script, `$__tool_directory__`),
   * which only this server's disk holds: remote runners never claim its jobs.
   */
  @Property({ type: 'boolean' })
  localOnly: boolean & Opt = false;
}
