/**
 * Browsing an allowed depot for the administrator's Repositories screen, through the depot's public
 * API only (as any Tool Shed answers it): its repository search (`/api/repositories?q=`), its
 * installable revisions, a revision's install information (its repository dependencies) and its
 * tool search (`/api/tools?q=`, the repository's tools). Nothing here writes.
 */
import { AppError, errors } from '../../errors/error-kinds';
import { depotClient, depotEndpoint, DepotRequestError } from './depot-client';
import type { AllowedDepot } from './depot-urls';
import { dependencyGraph, dependencyNodeKey, type RevisionInstallInfo, parseInstallInfo, selfHostOf } from './install-info';
import { changesetRevision as checkedChangeset, repositoryWord } from './install-parameters';

/** One repository a depot search found. */
export interface DepotRepositoryHit {
  name: string;
  owner: string;
  description: string;
  timesDownloaded: number;
  lastUpdated: string | null;
  approved: boolean;
}

export interface DepotSearchPage {
  hits: DepotRepositoryHit[];
  page: number;
  totalResults: number;
}

/** A tool a depot offers in a repository (the newest revision offering each version). */
export interface DepotToolEntry {
  id: string;
  name: string;
  description: string;
  version: string;
  guid: string;
  changesetRevision: string;
}

/** A repository a revision depends on. */
export interface DepotDependency {
  depot: string;
  name: string;
  owner: string;
  changesetRevision: string;
  priorInstallationRequired: boolean;
}

export interface DepotRevisionDetails {
  changesetRevision: string;
  ctxRev: string | null;
  description: string | null;
  includesTools: boolean;
  includesDatatypes: boolean;
  deprecated: boolean;
  /** Every repository it needs, directly or through another (each once), in the depot's order. */
  dependencies: DepotDependency[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const count = (value: unknown): number => (Number.isFinite(Number(value)) ? Number(value) : 0);

/** A failed depot request as the caller's error: which depot, what failed. */
function unreachable(depot: AllowedDepot, error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('InternalServerError', `The depot ${depot.base} did not answer: ${message}`);
}

async function depotJson(depot: AllowedDepot, path: string, params: Record<string, string>): Promise<unknown> {
  try {
    return await depotClient.getJson(depotEndpoint(depot.base, path, params));
  } catch (error) {
    if (error instanceof DepotRequestError) throw unreachable(depot, error);
    throw error;
  }
}

/** The depot's repository search, one page (`pageSize` hits, at most 100). A term under 3 characters is refused as the depot refuses it. */
export async function searchDepotRepositories(depot: AllowedDepot, q: string, page: number, pageSize: number): Promise<DepotSearchPage> {
  const term = q.trim();
  if (term.length < 3) throw errors.invalid('The search term has to be at least 3 characters long.');
  if (term.length > 255) throw errors.invalid('The search term has to be at most 255 characters long.');
  const answer = await depotJson(depot, 'api/repositories', { q: term, page: String(page), page_size: String(Math.min(Math.max(pageSize, 1), 100)) });
  if (!isRecord(answer) || !Array.isArray(answer.hits)) throw unreachable(depot, 'its search answered an unexpected shape');
  const hits = answer.hits.flatMap((hit): DepotRepositoryHit[] => {
    const repository = isRecord(hit) && isRecord(hit.repository) ? hit.repository : null;
    if (!repository || !text(repository.name) || !text(repository.repo_owner_username)) return [];
    return [
      {
        name: text(repository.name),
        owner: text(repository.repo_owner_username),
        description: text(repository.description),
        timesDownloaded: count(repository.times_downloaded),
        lastUpdated: text(repository.full_last_updated) || text(repository.last_updated) || null,
        approved: /^(true|yes)$/i.test(text(repository.approved)),
      },
    ];
  });
  return { hits, page: count(answer.page) || page, totalResults: count(answer.total_results) };
}

/** At most this many repositories in one page of a depot's search. */
export const MAX_DEPOT_SEARCH_PAGE = 100;

/** A page of a depot's search as a cursor connection: the hits, each with the cursor after its page. */
export interface DepotSearchConnection {
  hits: DepotRepositoryHit[];
  cursor: string;
  hasNextPage: boolean;
  endCursor: string | null;
  totalResults: number;
}

/** The search's cursor: the number of the page it ends (opaque to clients). */
const cursorOf = (page: number) => Buffer.from(`depot-page:${page}`).toString('base64url');

function pageAfter(after: string | null | undefined): number {
  if (!after) return 1;
  const match = /^depot-page:(\d{1,9})$/.exec(Buffer.from(after, 'base64url').toString('utf8'));
  if (!match) throw errors.invalid('The cursor is not one this search gave.');
  return Number(match[1]) + 1;
}

/**
 * A depot's repository search a page at a time: `first` hits (1 to 100, 20 by default) after a cursor
 * this search gave. A page past the last is empty (the depot answers its last page again then).
 */
export async function depotSearchPage(depot: AllowedDepot, q: string, first: number | null | undefined, after: string | null | undefined): Promise<DepotSearchConnection> {
  const size = first ?? 20;
  if (!Number.isInteger(size) || size < 1 || size > MAX_DEPOT_SEARCH_PAGE) throw errors.invalid(`first must be a whole number from 1 to ${MAX_DEPOT_SEARCH_PAGE}`);
  const page = pageAfter(after);
  const found = await searchDepotRepositories(depot, q, page, size);
  const hits = found.page === page ? found.hits : [];
  return {
    hits,
    cursor: cursorOf(page),
    hasNextPage: hits.length > 0 && page * size < found.totalResults,
    endCursor: hits.length > 0 ? cursorOf(page) : (after ?? null),
    totalResults: found.totalResults,
  };
}

/** The changesets of a repository's installable revisions, oldest first. */
export async function installableRevisions(depot: AllowedDepot, name: string, owner: string): Promise<string[]> {
  const answer = await depotJson(depot, 'api/repositories/get_ordered_installable_revisions', { name: repositoryWord(name, 'name'), owner: repositoryWord(owner, 'owner') });
  if (!Array.isArray(answer)) throw unreachable(depot, 'it did not answer a list of revisions');
  return answer.filter((revision): revision is string => typeof revision === 'string');
}

/** A revision's description and repository dependencies; null when the depot has no such revision. */
export async function revisionDetails(depot: AllowedDepot, name: string, owner: string, changesetRevision: string): Promise<DepotRevisionDetails | null> {
  const raw = await depotJson(depot, 'api/repositories/get_repository_revision_install_info', {
    name: repositoryWord(name, 'name'),
    owner: repositoryWord(owner, 'owner'),
    changeset_revision: checkedChangeset(changesetRevision),
  });
  let info: RevisionInstallInfo | null;
  try {
    info = parseInstallInfo(raw, name);
  } catch (error) {
    throw unreachable(depot, error);
  }
  if (!info) return null;
  return {
    changesetRevision: info.changesetRevision,
    ctxRev: info.ctxRev,
    description: info.description,
    includesTools: info.includesTools,
    includesDatatypes: info.includesDatatypes,
    deprecated: info.deprecated,
    dependencies: dependenciesOf(info),
  };
}

/** Every repository of the dependency list, each once, those of the root first. */
function dependenciesOf(info: RevisionInstallInfo): DepotDependency[] {
  const graph = dependencyGraph(info.repositoryDependencies);
  const selfHost = selfHostOf(info.repositoryDependencies) ?? info.toolShed;
  const seen = new Set<string>();
  const found: DepotDependency[] = [];
  const visit = (key: string) => {
    for (const ref of graph.get(key) ?? []) {
      const refKey = dependencyNodeKey(ref.hostPort, ref.name, ref.owner, ref.changesetRevision);
      if (seen.has(refKey)) continue;
      seen.add(refKey);
      found.push({ depot: ref.url, name: ref.name, owner: ref.owner, changesetRevision: ref.changesetRevision, priorInstallationRequired: ref.priorInstallationRequired });
      visit(refKey);
    }
  };
  visit(dependencyNodeKey(selfHost, info.name, info.owner, info.changesetRevision));
  return found;
}

/**
 * The tools the depot offers in a repository, from its tool search (the owner's name searched, the
 * repository's tools kept). A depot without the tool search answers none.
 */
export async function repositoryTools(depot: AllowedDepot, name: string, owner: string): Promise<DepotToolEntry[]> {
  if (owner.length < 3) return [];
  let answer: unknown;
  try {
    answer = await depotClient.getJson(depotEndpoint(depot.base, 'api/tools', { q: owner, page: '1', page_size: '100' }));
  } catch (error) {
    if (error instanceof DepotRequestError) return [];
    throw error;
  }
  if (!isRecord(answer) || !Array.isArray(answer.hits)) return [];
  return answer.hits.flatMap((hit): DepotToolEntry[] => {
    const tool = isRecord(hit) && isRecord(hit.tool) ? hit.tool : null;
    if (!tool || text(tool.repo_name) !== name || text(tool.repo_owner_username) !== owner) return [];
    return [{ id: text(tool.id), name: text(tool.name), description: text(tool.description), version: text(tool.version), guid: text(tool.guid), changesetRevision: text(tool.changeset_revision) }];
  });
}
