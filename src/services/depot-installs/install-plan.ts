import { errors } from '../../errors/error-kinds';
import type { AllowedDepot, DepotAllowList } from './depot-urls';
import { dependencyGraph, dependencyNodeKey, type DependencyRef, type RevisionInstallInfo, selfHostOf } from './install-info';

/** One repository revision to install, and the allowed depot it is fetched from. */
export interface PlannedRepository {
  depot: AllowedDepot;
  info: RevisionInstallInfo;
}

export type InstallInfoFetcher = (depot: AllowedDepot, name: string, owner: string, changesetRevision: string) => Promise<RevisionInstallInfo | null>;

/** Repositories told apart as records are: depot, owner, name and changeset. */
const recordKey = (planned: PlannedRepository) => [planned.info.toolShed, planned.info.owner, planned.info.name, planned.info.changesetRevision].join('/');

/**
 * What an install of `root` installs, in order: with `withDependencies`, its repository
 * dependencies first (each before whatever depends on it), then the repository itself. A
 * dependency only needed to compile tool dependencies is left out (tool dependencies are not
 * built here). Every dependency's depot must be allowed too: the root's own depot (however the
 * dependency list names it) or another of DEPOT_URLS.
 */
export async function planInstall(root: PlannedRepository, allowList: DepotAllowList, withDependencies: boolean, fetchInfo: InstallInfoFetcher): Promise<PlannedRepository[]> {
  if (!withDependencies || !root.info.repositoryDependencies) return [root];
  const graph = dependencyGraph(root.info.repositoryDependencies);
  const selfHost = selfHostOf(root.info.repositoryDependencies) ?? root.info.toolShed;
  const ordered: PlannedRepository[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();

  const depotOf = (ref: DependencyRef, parent: PlannedRepository): AllowedDepot => {
    if (ref.hostPort === selfHost || ref.hostPort === parent.info.toolShed) return parent.depot;
    const allowed = allowList.byHost(ref.hostPort);
    if (!allowed) {
      throw errors.invalid(`Repository dependency ${ref.name} owned by ${ref.owner} is in the depot ${ref.url}, which this platform may not install from (DEPOT_URLS).`);
    }
    return allowed;
  };

  const visit = async (node: PlannedRepository, graphKey: string): Promise<void> => {
    if (visiting.has(graphKey)) return;
    visiting.add(graphKey);
    for (const ref of graph.get(graphKey) ?? []) {
      if (ref.onlyIfCompilingContainedTd) continue;
      const depot = depotOf(ref, node);
      const info = await fetchInfo(depot, ref.name, ref.owner, ref.changesetRevision);
      if (!info) throw errors.invalid(`No information is available for revision ${ref.changesetRevision} of repository dependency ${ref.name} owned by ${ref.owner}.`);
      await visit({ depot, info }, dependencyNodeKey(ref.hostPort, ref.name, ref.owner, ref.changesetRevision));
    }
    const key = recordKey(node);
    if (!placed.has(key)) {
      placed.add(key);
      ordered.push(node);
    }
  };

  await visit(root, dependencyNodeKey(selfHost, root.info.name, root.info.owner, root.info.changesetRevision));
  return ordered;
}
