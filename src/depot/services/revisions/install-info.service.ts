import { sql } from '../../../db/sql/sql-statement';
import type { DepotServiceContext } from '../../context/depot-service-context';
import type { RepositoryDependencyTuple, ToolDependencies } from '../../metadata/metadata-types';
import { REPOSITORY_COLUMNS, type RepositoryView } from '../repositories/repository-view';
import { depotUrlOf, hostOf } from '../shared/depot-url';
import { CHOSEN_RECORD, resolveDependencies, REVISION_JSON, revisionFromJson } from './dependency-records';
import { installableChangesets, type RevisionView } from './revision-view';

/** What `get_repository_revision_install_info` answers, before the shim writes its three objects. */
export interface InstallInfoView {
  repository: RepositoryView | null;
  revision: RevisionView | null;
  /** `{<name>: [description, clone url, changeset, ctx_rev, owner, repository_dependencies, tool_dependencies]}` or `{}`. */
  repoInfo: Record<string, unknown>;
}

/** The platform's separator of the parts of a dependency key. */
export const STRSEP = '__ESEP__';

type DependencyDict = { description: string | null; repository_dependencies: RepositoryDependencyTuple[] } | null;

/** The repository, the revision of the changeset (or the next downloadable one) and its dependencies: one statement. */
const INSTALL_INFO = sql<{ repository: RepositoryView; revision: Record<string, unknown> | null; toolDependencies: ToolDependencies | null; repositoryDependencies: DependencyDict }>(
  'depot_install_info',
  `select (select to_jsonb(y) from (select ${REPOSITORY_COLUMNS}) y) as repository,
          rev.revision, rev.tool_dependencies as "toolDependencies", rev.repository_dependencies as "repositoryDependencies"
     from depot.repository r join depot.galaxy_user u on u.id = r.user_id
     left join lateral (
       select ${REVISION_JSON} as revision, m.metadata->'tool_dependencies' as tool_dependencies, m.metadata->'repository_dependencies' as repository_dependencies
         from (${CHOSEN_RECORD('r', '$3')}) m
     ) rev on true
    where r.name = $1 and u.username = $2`,
);

const keyOf = (tuple: RepositoryDependencyTuple) => [hostOf(tuple[0]), ...tuple.slice(1)].join(STRSEP);

/** Dependencies needed only to compile a contained package are not installed with the repository. */
const installed = (tuples: RepositoryDependencyTuple[]) => tuples.filter((tuple) => tuple[5] !== 'True');

/**
 * What installing a revision takes (platform-facts §7.2): ordered installable revisions, and the
 * install information of a changeset (a superseded one uses the next downloadable revision).
 */
export class InstallInfoService {
  /** Oldest first; empty for an unknown repository or empty parameters. */
  async orderedInstallableRevisions(ctx: DepotServiceContext, name: string | null | undefined, owner: string | null | undefined): Promise<string[]> {
    if (!name || !owner) return [];
    return installableChangesets(ctx, name, owner);
  }

  async installInfo(ctx: DepotServiceContext, name: string | null | undefined, owner: string | null | undefined, changesetRevision: string | null | undefined): Promise<InstallInfoView> {
    const empty: InstallInfoView = { repository: null, revision: null, repoInfo: {} };
    if (!name || !owner || !changesetRevision) return empty;
    const row = await ctx.one(INSTALL_INFO, [name, owner, changesetRevision]);
    if (!row) return empty;
    if (!row.revision) return { ...empty, repository: row.repository };
    const revision = revisionFromJson(row.revision);
    const repository = row.repository;
    const depotUrl = depotUrlOf(ctx);
    const cloneUrl = this.cloneUrl(ctx, depotUrl, repository);
    const repositoryDependencies = await this.dependencyTree(ctx, depotUrl, repository, revision, row.repositoryDependencies);
    const toolDependencies = enrichToolDependencies(row.toolDependencies, repository.name, repository.owner, revision.changesetRevision);
    return {
      repository,
      revision,
      repoInfo: { [repository.name]: [repository.description, cloneUrl, revision.changesetRevision, String(revision.ctxRev), repository.owner, repositoryDependencies, toolDependencies] },
    };
  }

  /** A logged-in caller's clone URL names them (`<protocol>://<username>@<host>/repos/...`). */
  private cloneUrl(ctx: DepotServiceContext, depotUrl: string, repository: RepositoryView): string {
    const path = `/repos/${repository.owner}/${repository.name}`;
    const username = ctx.caller.user?.username;
    if (!username) return `${depotUrl}${path}`;
    const [, protocol, rest] = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(depotUrl) ?? [null, 'http', hostOf(depotUrl)];
    return `${protocol}://${username}@${rest}${path}`;
  }

  /**
   * The platform's `repository_dependencies` dictionary: `root_key`, `description`, and for the
   * repository and each (transitive) dependency that has dependencies, its key -> its dependency
   * tuples (their changesets moved to the revision they resolve to). One statement per level.
   */
  private async dependencyTree(ctx: DepotServiceContext, depotUrl: string, repository: RepositoryView, revision: RevisionView, root: DependencyDict): Promise<Record<string, unknown>> {
    const rootTuples = installed(root?.repository_dependencies ?? []);
    if (rootTuples.length === 0) return {};
    const rootKey = [hostOf(depotUrl), repository.name, repository.owner, revision.changesetRevision, 'False', 'False'].join(STRSEP);
    const tree: Record<string, unknown> = { root_key: rootKey, description: root?.description ?? null };
    const seen = new Set<string>([`${repository.owner}/${repository.name}`]);
    let level: Array<{ key: string; tuples: RepositoryDependencyTuple[] }> = [{ key: rootKey, tuples: rootTuples }];
    while (level.length > 0) {
      const all = level.flatMap((entry) => entry.tuples);
      const resolved = await resolveDependencies(ctx, all);
      const byIndex = new Map(resolved.map((item) => [item.index, item]));
      const next: Array<{ key: string; tuples: RepositoryDependencyTuple[] }> = [];
      let offset = 0;
      for (const entry of level) {
        const updated = entry.tuples.map((tuple, i) => {
          const found = byIndex.get(offset + i);
          const current: RepositoryDependencyTuple = found ? [tuple[0], tuple[1], tuple[2], found.revision.changesetRevision, tuple[4], tuple[5]] : tuple;
          const nested = installed(found?.dependencies?.repository_dependencies ?? []);
          const name = `${tuple[2]}/${tuple[1]}`;
          if (found && nested.length > 0 && !seen.has(name)) {
            seen.add(name);
            next.push({ key: keyOf(current), tuples: nested });
          }
          return current;
        });
        tree[entry.key] = updated;
        offset += entry.tuples.length;
      }
      level = next;
    }
    return tree;
  }
}

/** Each requirement (and each `set_environment` variable) names the repository and revision it comes from. */
function enrichToolDependencies(dependencies: ToolDependencies | null, name: string, owner: string, changesetRevision: string): Record<string, unknown> {
  if (!dependencies) return {};
  const origin = { repository_name: name, repository_owner: owner, changeset_revision: changesetRevision };
  return Object.fromEntries(
    Object.entries(dependencies).map(([key, value]) => [key, Array.isArray(value) ? value.map((item) => ({ ...item, ...origin })) : { ...value, ...origin }]),
  );
}
