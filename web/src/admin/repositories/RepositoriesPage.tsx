import { type FormEvent, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import type { ListColumn } from '../../ui/ListTable';
import { Page } from '../../ui/Page';
import { type ConnectionPage, CursorPagedTable } from '../ui/CursorPagedTable';
import { DepotRepositoryView } from './DepotRepositoryView';
import { InstalledRepositories } from './InstalledRepositories';
import { InstallProgress } from './InstallProgress';
import { ConfiguredDepotsQuery, type DepotHit, DepotSearchQuery } from './repository-documents';
import { useRefreshToolPanel } from './use-refresh-tool-panel';
import '../tools/tools-admin.css';

const PAGE_SIZE = 20;

/**
 * `/admin/repositories`: the configured depots searched ("Search Tool Shed"), a repository's
 * revisions, tools and dependencies, its install followed as it goes, and the installed
 * repositories ("Manage installed tools") deactivated, uninstalled, reinstalled or repaired. The
 * search, the depot and the repository shown are kept in the address.
 */
export function RepositoriesPage() {
  const [params, setParams] = useSearchParams();
  const [depots] = useQuery({ query: ConfiguredDepotsQuery });
  const configured = depots.data?.configuredDepots ?? [];
  const depotUrl = params.get('depot') ?? configured[0] ?? null;
  const q = params.get('q') ?? '';
  const owner = params.get('owner');
  const name = params.get('name');
  const [draft, setDraft] = useState(q);
  const [following, setFollowing] = useState<string[]>([]);
  const [installedKey, setInstalledKey] = useState(0);
  const refreshToolPanel = useRefreshToolPanel();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim(), owner: null, name: null });
  };
  const usePage = (after: string | null): ConnectionPage<DepotHit> => {
    const [result] = useQuery({ query: DepotSearchQuery, variables: { depotUrl: depotUrl ?? '', q, first: PAGE_SIZE, after }, pause: !depotUrl || q.length < 3 });
    const page = result.data?.depotRepositorySearch;
    return {
      rows: page?.edges.map((edge) => edge.node),
      hasNextPage: page?.pageInfo.hasNextPage ?? false,
      endCursor: page?.pageInfo.endCursor ?? null,
      fetching: result.fetching && !page,
      error: result.error,
    };
  };
  const columns: ReadonlyArray<ListColumn<DepotHit>> = [
    {
      header: 'Repository',
      rowHeader: true,
      cell: (hit) => (
        <button type="button" className="link-button" aria-current={hit.owner === owner && hit.name === name ? 'true' : undefined} onClick={() => update({ owner: hit.owner, name: hit.name })}>
          {hit.name}
        </button>
      ),
    },
    { header: 'Owner', cell: (hit) => hit.owner },
    { header: 'Synopsis', cell: (hit) => hit.description || '—' },
    { header: 'Downloads', cell: (hit) => hit.timesDownloaded },
  ];
  const settled = useCallback(() => {
    setInstalledKey((key) => key + 1);
    refreshToolPanel();
  }, [refreshToolPanel]);
  return (
    <Page title="Repositories">
      <div className="admin-fit">
      <section aria-labelledby="search-depot" className="admin-section">
        <h2 id="search-depot">Search the depot</h2>
        <ErrorMessage error={depots.error} what="Could not list the depots" />
        {depots.data && configured.length === 0 && <p>No depot is configured (DEPOT_URLS).</p>}
        <form role="search" aria-label="Search the depot's repositories" className="admin-filters" onSubmit={search}>
          {configured.length > 1 && (
            <label>
              Depot
              <select value={depotUrl ?? ''} onChange={(event) => update({ depot: event.target.value, owner: null, name: null })}>
                {configured.map((url) => (
                  <option key={url} value={url}>
                    {url}
                  </option>
                ))}
              </select>
            </label>
          )}
          {configured.length === 1 && <p className="muted">Depot: {configured[0]}</p>}
          <label>
            Search repositories
            <input type="search" value={draft} onChange={(event) => setDraft(event.target.value)} minLength={3} placeholder="name, synopsis or owner" />
          </label>
          <button type="submit" disabled={!depotUrl}>
            Search
          </button>
        </form>
        {q.length > 0 && q.length < 3 && <p role="alert">The search term has to be at least 3 characters long.</p>}
        {depotUrl && q.length >= 3 && (
          <CursorPagedTable
            usePage={usePage}
            columns={columns}
            rowKey={(hit) => `${hit.owner}/${hit.name}`}
            caption={`Repositories of the depot matching ${q}`}
            empty="No repository of the depot matches the search."
            errorWhat="Could not search the depot"
            resetKey={`${depotUrl}|${q}`}
            moreLabel="Show more repositories"
          />
        )}
      </section>
      {depotUrl && owner && name && <DepotRepositoryView depotUrl={depotUrl} owner={owner} name={name} onInstalling={setFollowing} />}
      {following.length > 0 && <InstallProgress key={following.join(',')} ids={following} onSettled={settled} />}
      <InstalledRepositories refreshKey={installedKey} onFollow={setFollowing} onToolsChanged={refreshToolPanel} />
    </div>
    </Page>
  );
}
