/**
 * Reading a depot's `get_repository_revision_install_info` answer (platform-facts §7.2): the
 * repository, the revision and the 7-item install list, plus the repository dependencies it names.
 */
import { DepotRequestError } from './depot-client';
import { hostPortOf } from './depot-urls';

/** What installing one revision needs to know. */
export interface RevisionInstallInfo {
  name: string;
  owner: string;
  description: string | null;
  /** `<depot>/repos/<owner>/<name>`: the depot's own address for the repository. */
  cloneUrl: string;
  /** The depot's `host[:port]` as the clone URL names it (the `tool_shed` of the record, the guids' prefix). */
  toolShed: string;
  changesetRevision: string;
  ctxRev: string | null;
  deprecated: boolean;
  includesDatatypes: boolean;
  includesTools: boolean;
  repositoryDependencies: Record<string, unknown> | null;
  toolDependencies: Record<string, unknown> | null;
}

/** One repository another depends on, as `repository_dependencies` lists it. */
export interface DependencyRef {
  /** The depot's address as the dependency list gives it (with its protocol). */
  url: string;
  hostPort: string;
  name: string;
  owner: string;
  changesetRevision: string;
  priorInstallationRequired: boolean;
  onlyIfCompilingContainedTd: boolean;
}

const SEPARATOR = '__ESEP__';
/** Names that become directories of DEPOT_TOOL_DIR: nothing that could climb out of it. */
const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const CHANGESET = /^[0-9a-f]{12,40}$/;
const HOST_PORT = /^[A-Za-z0-9.-]+(:\d+)?$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);
const pythonTrue = (value: unknown) => value === true || (typeof value === 'string' && value.toLowerCase() === 'true');

function unusable(what: string): DepotRequestError {
  return new DepotRequestError(`the depot's install information has ${what}`);
}

/**
 * The install information, or null when the depot has none for the revision (`[{}, {}, {}]` or
 * `[repository, {}, {}]`). Names and changesets that could not be directory names are refused.
 */
export function parseInstallInfo(raw: unknown, requestedName: string): RevisionInstallInfo | null {
  if (!Array.isArray(raw) || raw.length !== 3 || !raw.every(isRecord)) throw unusable('an unexpected shape');
  const [repository, revision, repoInfo] = raw as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
  if (Object.keys(revision).length === 0 || Object.keys(repoInfo).length === 0) return null;
  const name = text(repository.name) ?? requestedName;
  const item = repoInfo[name] ?? repoInfo[requestedName];
  if (!Array.isArray(item) || item.length < 7) throw unusable('no 7-item list for the repository');
  const [description, cloneUrl, changeset, ctxRev, owner, repositoryDependencies, toolDependencies] = item as unknown[];
  const changesetRevision = text(changeset);
  const ownerName = text(owner) ?? text(repository.owner);
  const clone = text(cloneUrl);
  if (!changesetRevision || !CHANGESET.test(changesetRevision)) throw unusable('an unusable changeset revision');
  if (!SAFE_NAME.test(name) || !ownerName || !SAFE_NAME.test(ownerName)) throw unusable('an unusable repository name or owner');
  if (!clone) throw unusable('no clone URL');
  // The clone URL may name the caller (`http://user@host/...`); the depot is its host.
  const toolShed = hostPortOf(clone.replace(/^(\w+:\/\/)[^@/]*@/, '$1'));
  if (!toolShed || !HOST_PORT.test(toolShed)) throw unusable('an unusable clone URL');
  return {
    name,
    owner: ownerName,
    description: text(description),
    cloneUrl: clone,
    toolShed,
    changesetRevision,
    ctxRev: text(ctxRev),
    deprecated: pythonTrue(repository.deprecated),
    includesDatatypes: pythonTrue(revision.includes_datatypes),
    includesTools: pythonTrue(revision.includes_tools),
    repositoryDependencies: isRecord(repositoryDependencies) && Object.keys(repositoryDependencies).length > 0 ? repositoryDependencies : null,
    toolDependencies: isRecord(toolDependencies) && Object.keys(toolDependencies).length > 0 ? toolDependencies : null,
  };
}

/** `host/name/owner/changeset`: how a repository is told apart in dependency lists. */
export const dependencyNodeKey = (hostPort: string, name: string, owner: string, changeset: string) => [hostPort, name, owner, changeset].join('/');

function dependencyOf(entry: unknown): DependencyRef | null {
  if (!Array.isArray(entry) || entry.length < 4) return null;
  const [url, name, owner, changeset, prior, onlyIfCompiling] = entry.map((value) => text(value) ?? '');
  const hostPort = hostPortOf(url);
  if (!hostPort || !name || !owner || !changeset) return null;
  return { url, hostPort, name, owner, changesetRevision: changeset, priorInstallationRequired: pythonTrue(prior), onlyIfCompilingContainedTd: pythonTrue(onlyIfCompiling) };
}

/**
 * The dependency graph of `repository_dependencies`: for each repository (by node key), the
 * repositories it depends on. The depot gives every level in the one dictionary.
 */
export function dependencyGraph(dependencies: Record<string, unknown> | null): Map<string, DependencyRef[]> {
  const graph = new Map<string, DependencyRef[]>();
  if (!dependencies) return graph;
  for (const [key, value] of Object.entries(dependencies)) {
    if (key === 'root_key' || key === 'description' || !Array.isArray(value)) continue;
    const [hostPort, name, owner, changeset] = key.split(SEPARATOR);
    if (!hostPort || !name || !owner || !changeset) continue;
    const refs = value.map(dependencyOf).filter((ref): ref is DependencyRef => ref !== null);
    graph.set(dependencyNodeKey(hostPort, name, owner, changeset), refs);
  }
  return graph;
}

/** The `host[:port]` a depot names itself by in its dependency keys (the root key's first part). */
export function selfHostOf(dependencies: Record<string, unknown> | null): string | null {
  const rootKey = dependencies ? text(dependencies.root_key) : null;
  return rootKey ? (rootKey.split(SEPARATOR)[0] ?? null) : null;
}
