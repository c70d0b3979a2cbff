/**
 * The metadata of one revision, in the platform's layout (its `repository_metadata.metadata`):
 * each key is present only when the revision has some of it.
 */

export interface ToolMetadata {
  id: string;
  name: string;
  version: string;
  /** `<depot host[:port]>/repos/<owner>/<name>/<tool id>/<version>` */
  guid: string;
  description: string;
  /** The tool's XML file, relative to the repository root. */
  tool_config: string;
  add_to_tool_panel: boolean;
  requirements: Array<{ name: string; version: string | null; type: string }>;
}

/** `[relative path of the .ga file, the exported workflow]` */
export type WorkflowMetadata = [string, Record<string, unknown>];

export interface DatatypeMetadata {
  extension: string;
  dtype: string;
  mimetype?: string;
  subclass?: string;
  display_in_upload?: string;
}

/** `[depot url, name, owner, changeset_revision, prior_installation_required, only_if_compiling_contained_td]` */
export type RepositoryDependencyTuple = [string, string, string, string, string, string];

export interface RepositoryDependencies {
  description: string | null;
  repository_dependencies: RepositoryDependencyTuple[];
}

export interface InvalidRepositoryDependencies {
  description: string | null;
  /** Each tuple followed by the reason. */
  invalid_repository_dependencies: Array<[...RepositoryDependencyTuple, string]>;
}

export interface PackageDependency {
  name: string;
  version: string;
  type: 'package';
  readme?: string;
}

export interface EnvironmentDependency {
  name: string;
  type: 'set_environment';
}

/** `"<name>/<version>"` -> a package; `set_environment` -> its variables. */
export type ToolDependencies = Record<string, PackageDependency | EnvironmentDependency[]>;

export interface RevisionMetadata {
  tools?: ToolMetadata[];
  invalid_tools?: string[];
  workflows?: WorkflowMetadata[];
  datatypes?: DatatypeMetadata[];
  datatypes_config?: string;
  repository_dependencies?: RepositoryDependencies;
  invalid_repository_dependencies?: InvalidRepositoryDependencies;
  tool_dependencies?: ToolDependencies;
  readme_files?: string[];
}

/** Whether a revision has anything to install (tools, workflows, datatypes or dependencies). */
export function isInstallable(metadata: RevisionMetadata): boolean {
  return Boolean(metadata.tools?.length || metadata.workflows?.length || metadata.datatypes?.length || metadata.repository_dependencies?.repository_dependencies.length || metadata.tool_dependencies);
}

/** The flags of a repository revision record, computed from its metadata. */
export interface RevisionFlags {
  includesTools: boolean;
  includesToolsForDisplayInToolPanel: boolean;
  includesWorkflows: boolean;
  includesDatatypes: boolean;
  includesToolDependencies: boolean;
  hasRepositoryDependencies: boolean;
}

export function flagsOf(metadata: RevisionMetadata): RevisionFlags {
  const dependencies = metadata.repository_dependencies?.repository_dependencies ?? [];
  return {
    includesTools: Boolean(metadata.tools?.length),
    includesToolsForDisplayInToolPanel: Boolean(metadata.tools?.some((tool) => tool.add_to_tool_panel)),
    includesWorkflows: Boolean(metadata.workflows?.length),
    includesDatatypes: Boolean(metadata.datatypes?.length),
    includesToolDependencies: metadata.tool_dependencies !== undefined,
    // Dependencies needed only to compile a contained package do not count (the platform's rule).
    hasRepositoryDependencies: dependencies.some((tuple) => tuple[5] !== 'True'),
  };
}
