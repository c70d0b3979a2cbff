import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { ListTable, type ListColumn } from '../../ui/ListTable';
import {
  DeactivateRepositoryMutation,
  type InstalledRepository,
  InstalledRepositoriesQuery,
  ReinstallRepositoryMutation,
  RepairRepositoryMutation,
  UninstallRepositoryMutation,
} from './repository-documents';

type Verb = 'Deactivate' | 'Uninstall' | 'Reinstall' | 'Repair';

/** The verbs each status offers (15.05's "Deactivate or uninstall", "Activate or reinstall", "Repair repository"). */
const OFFERED: Record<string, readonly Verb[]> = {
  Installed: ['Deactivate', 'Uninstall', 'Repair'],
  Deactivated: ['Reinstall', 'Uninstall'],
  Uninstalled: ['Reinstall'],
  Error: ['Reinstall', 'Repair', 'Uninstall'],
};

interface Props {
  /** Changes when an install ended: the list is read again. */
  refreshKey: number;
  /** A verb that installs again (reinstall, repair) answered its record New: follow it. */
  onFollow: (ids: string[]) => void;
  /** The tool set changed (a deactivation, an activation, an uninstall). */
  onToolsChanged: () => void;
}

const label = (repository: InstalledRepository) => `${repository.owner}/${repository.name} ${repository.ctxRev ?? ''}:${repository.installedChangesetRevision}`;

/** "Installed repositories": every record with its status and tools, and what may be done to it. */
export function InstalledRepositories({ refreshKey, onFollow, onToolsChanged }: Props) {
  const [installed, reread] = useQuery({ query: InstalledRepositoriesQuery, requestPolicy: 'cache-and-network' });
  useEffect(() => {
    if (refreshKey > 0) reread({ requestPolicy: 'network-only' });
  }, [refreshKey, reread]);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [deactivated, deactivate] = useMutation(DeactivateRepositoryMutation);
  const [uninstalled, uninstall] = useMutation(UninstallRepositoryMutation);
  const [reinstalled, reinstall] = useMutation(ReinstallRepositoryMutation);
  const [repaired, repair] = useMutation(RepairRepositoryMutation);
  const busy = deactivated.fetching || uninstalled.fetching || reinstalled.fetching || repaired.fetching;
  const run = async (verb: Verb, repository: InstalledRepository) => {
    setConfirming(null);
    setSaid(null);
    const call = { Deactivate: deactivate, Uninstall: uninstall, Reinstall: reinstall, Repair: repair }[verb] as (variables: { id: string }) => Promise<{ data?: Record<string, { id: string; status: string }>; error?: unknown }>;
    const outcome = await call({ id: repository.id });
    const record = outcome.data ? Object.values(outcome.data)[0] : undefined;
    if (!record) return;
    setSaid(`${verb}: ${repository.owner}/${repository.name} is now ${record.status}.`);
    reread({ requestPolicy: 'network-only' });
    onToolsChanged();
    if (record.status !== 'Installed' && (verb === 'Reinstall' || verb === 'Repair')) onFollow([record.id]);
  };
  const columns: ReadonlyArray<ListColumn<InstalledRepository>> = [
    { header: 'Repository', rowHeader: true, cell: (repository) => `${repository.owner}/${repository.name}` },
    { header: 'Revision', cell: (repository) => <code>{`${repository.ctxRev ?? '?'}:${repository.installedChangesetRevision}`}</code> },
    { header: 'Depot', cell: (repository) => repository.toolShed },
    {
      header: 'Status',
      cell: (repository) => (
        <>
          {repository.status}
          {repository.errorMessage && <div className="error">{repository.errorMessage}</div>}
        </>
      ),
    },
    {
      header: 'Tools',
      cell: (repository) =>
        repository.tools.length === 0 ? (
          '—'
        ) : (
          <ul className="admin-tools-list">
            {repository.tools.map((tool) =>
              repository.status === 'Installed' && tool.tool ? (
                <li key={tool.guid}>
                  <Link to={`/tools/${encodeURIComponent(tool.tool.id)}`}>
                    {tool.name} {tool.version}
                  </Link>
                </li>
              ) : (
                <li key={tool.guid}>
                  {tool.name} {tool.version}
                </li>
              ),
            )}
          </ul>
        ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (repository) =>
        confirming === repository.id ? (
          <span className="actions">
            <span>Uninstall {label(repository)}? Its tools go and its files are removed.</span>
            <button type="button" onClick={() => run('Uninstall', repository)} disabled={busy}>
              Confirm uninstall
            </button>
            <button type="button" onClick={() => setConfirming(null)}>
              Cancel
            </button>
          </span>
        ) : (
          <span className="actions">
            {(OFFERED[repository.status] ?? []).map((verb) => (
              <button key={verb} type="button" disabled={busy} onClick={() => (verb === 'Uninstall' ? setConfirming(repository.id) : run(verb, repository))}>
                {verb}
                <span className="visually-hidden"> {label(repository)}</span>
              </button>
            ))}
          </span>
        ),
    },
  ];
  return (
    <section aria-labelledby="installed-repositories" className="admin-section">
      <h2 id="installed-repositories">Installed repositories</h2>
      {said && <p role="status">{said}</p>}
      <ErrorMessage error={installed.error} what="Could not list the installed repositories" />
      {[deactivated, uninstalled, reinstalled, repaired].map((result, index) => (
        <ErrorMessage key={index} error={result.error} what="Could not change the repository" />
      ))}
      {installed.fetching && !installed.data && <p role="status">Loading…</p>}
      <ListTable
        columns={columns}
        rows={installed.data?.installedDepotRepositories}
        rowKey={(repository) => repository.id}
        caption="Repositories installed from the depots"
        empty="No repository is installed from a depot."
      />
    </section>
  );
}

