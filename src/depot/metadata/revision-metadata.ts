import { basename } from 'node:path';
import { isGaWorkflow, isNotATool, looksLikeTool, mayBeToolFile, REPOSITORY_CONFIG_FILES } from '../../tools/repository-files';
import { parseToolXml } from '../../tools/xml/parse-tool';
import { hostOf } from '../services/shared/depot-url';
import type { InvalidRepositoryDependencies, RepositoryDependencyTuple, RevisionMetadata, ToolMetadata, WorkflowMetadata } from './metadata-types';
import { type DeclaredRepositoryDependency, parseDatatypesConf, parseRepositoryDependencies, parseToolDependencies } from './parse-config-files';

/** A file of a revision whose content may be read. */
export interface RevisionFile {
  path: string;
  size: number;
  read(): Promise<string>;
}

export const [DATATYPES_CONFIG, REPOSITORY_DEPENDENCIES, TOOL_DEPENDENCIES] = REPOSITORY_CONFIG_FILES;

/** Files larger than this are not read as tools, workflows or configuration (they are data). */
const MAX_READ_BYTES = 5 * 1024 * 1024;

export interface MetadataSubject {
  /** This depot's base URL (guids, dependencies that name no depot). */
  depotUrl: string;
  owner: string;
  name: string;
  /**
   * The latest installable revision of a repository of this depot, null when it has none, undefined
   * when no such repository exists (a dependency that names no revision gets it).
   */
  latestInstallable(name: string, owner: string): Promise<string | null | undefined>;
}

const isReadme = (path: string) => /^readme(\.(txt|md|rst|html?))?$/i.test(basename(path));

/**
 * The metadata of one revision (the platform's layout): its tools parsed with the platform's own
 * tool XML parser, its `.ga` workflows, its datatypes and its repository and tool dependencies.
 * A file that does not parse is recorded as invalid, never a failure of the whole revision.
 */
export async function computeRevisionMetadata(files: RevisionFile[], subject: MetadataSubject): Promise<RevisionMetadata> {
  const metadata: RevisionMetadata = {};
  const sorted = [...files].sort((a, b) => a.path.localeCompare(b.path));
  const readable = sorted.filter((file) => file.size <= MAX_READ_BYTES);
  const atRoot = (name: string) => readable.find((file) => file.path === name);

  const tools: ToolMetadata[] = [];
  const invalidTools: string[] = [];
  const seen = new Set<string>();
  for (const file of readable) {
    if (!mayBeToolFile(file.path)) continue;
    const text = await file.read();
    if (!looksLikeTool(text)) continue;
    try {
      const tool = parseToolXml(text, file.path);
      const key = `${tool.id}/${tool.version}`;
      if (seen.has(key)) {
        invalidTools.push(file.path);
        continue;
      }
      seen.add(key);
      tools.push({
        id: tool.id,
        name: tool.name,
        version: tool.version,
        guid: `${hostOf(subject.depotUrl)}/repos/${subject.owner}/${subject.name}/${tool.id}/${tool.version}`,
        description: tool.description,
        tool_config: file.path,
        add_to_tool_panel: true,
        requirements: tool.requirements.map((requirement) => ({ name: requirement.name, version: requirement.version, type: requirement.type })),
      });
    } catch (error) {
      // A file whose root is not <tool> (macros, configuration) is simply not a tool.
      if (isNotATool(error)) continue;
      invalidTools.push(file.path);
    }
  }
  if (tools.length) metadata.tools = tools;
  if (invalidTools.length) metadata.invalid_tools = invalidTools;

  const workflows: WorkflowMetadata[] = [];
  for (const file of readable.filter((candidate) => candidate.path.endsWith('.ga'))) {
    try {
      const parsed = JSON.parse(await file.read()) as unknown;
      if (isGaWorkflow(parsed)) workflows.push([file.path, parsed]);
    } catch {
      // Not JSON: not a workflow.
    }
  }
  if (workflows.length) metadata.workflows = workflows;

  const datatypesConfig = atRoot(DATATYPES_CONFIG);
  if (datatypesConfig) {
    try {
      const datatypes = parseDatatypesConf(await datatypesConfig.read(), datatypesConfig.path);
      if (datatypes.length) {
        metadata.datatypes = datatypes;
        metadata.datatypes_config = datatypesConfig.path;
      }
    } catch {
      // An unreadable configuration registers nothing.
    }
  }

  const repositoryDependencies = atRoot(REPOSITORY_DEPENDENCIES);
  if (repositoryDependencies) await addRepositoryDependencies(metadata, await repositoryDependencies.read(), subject);

  const toolDependencies = atRoot(TOOL_DEPENDENCIES);
  if (toolDependencies) {
    try {
      const parsed = parseToolDependencies(await toolDependencies.read(), toolDependencies.path);
      if (parsed) metadata.tool_dependencies = parsed;
    } catch {
      // An unreadable definition defines nothing.
    }
  }

  const readmes = sorted.filter((file) => isReadme(file.path)).map((file) => file.path);
  if (readmes.length) metadata.readme_files = readmes;
  return metadata;
}

const flag = (value: boolean) => (value ? 'True' : 'False');

/** Dependencies that name no depot are on this one; those that name no revision get the latest installable one. */
async function addRepositoryDependencies(metadata: RevisionMetadata, text: string, subject: MetadataSubject): Promise<void> {
  let parsed: { description: string | null; dependencies: DeclaredRepositoryDependency[] };
  try {
    parsed = parseRepositoryDependencies(text, REPOSITORY_DEPENDENCIES);
  } catch (error) {
    metadata.invalid_repository_dependencies = { description: null, invalid_repository_dependencies: [['', '', '', '', 'False', 'False', error instanceof Error ? error.message : String(error)]] };
    return;
  }
  const valid: RepositoryDependencyTuple[] = [];
  const invalid: InvalidRepositoryDependencies['invalid_repository_dependencies'] = [];
  const here = hostOf(subject.depotUrl);
  for (const dependency of parsed.dependencies) {
    const toolshed = (dependency.toolshed ?? subject.depotUrl).replace(/\/+$/, '');
    const tuple = (changeset: string): RepositoryDependencyTuple => [toolshed, dependency.name, dependency.owner, changeset, flag(dependency.priorInstallationRequired), flag(dependency.onlyIfCompilingContainedTd)];
    if (dependency.name === subject.name && dependency.owner === subject.owner && hostOf(toolshed) === here) {
      invalid.push([...tuple(dependency.changesetRevision ?? ''), 'A repository cannot depend on itself.']);
      continue;
    }
    if (hostOf(toolshed) !== here) {
      if (dependency.changesetRevision) valid.push(tuple(dependency.changesetRevision));
      else invalid.push([...tuple(''), `A dependency on another depot (${toolshed}) must name its changeset_revision.`]);
      continue;
    }
    const latest = await subject.latestInstallable(dependency.name, dependency.owner);
    if (latest === undefined) {
      invalid.push([...tuple(dependency.changesetRevision ?? ''), `Unable to locate repository with name ${dependency.name} and owner ${dependency.owner}.`]);
    } else if (dependency.changesetRevision) {
      valid.push(tuple(dependency.changesetRevision));
    } else if (latest === null) {
      invalid.push([...tuple(''), `Repository ${dependency.name} owned by ${dependency.owner} has no installable revision.`]);
    } else {
      valid.push(tuple(latest));
    }
  }
  if (valid.length) metadata.repository_dependencies = { description: parsed.description, repository_dependencies: valid };
  if (invalid.length) metadata.invalid_repository_dependencies = { description: parsed.description, invalid_repository_dependencies: invalid };
}
