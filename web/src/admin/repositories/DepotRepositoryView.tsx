import { type FormEvent, useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { ListTable, type ListColumn } from '../../ui/ListTable';
import { ScrollRegion } from '../tools/ScrollRegion';
import { DepotRepositoryQuery, DepotRevisionQuery, StartInstallMutation } from './repository-documents';

interface Props {
  depotUrl: string;
  owner: string;
  name: string;
  /** The install started: the records it installs (dependencies first). */
  onInstalling: (ids: string[]) => void;
}

type DepotTool = { id: string; name: string; description: string; version: string; changesetRevision: string };

const toolColumns: ReadonlyArray<ListColumn<DepotTool>> = [
  { header: 'Tool', rowHeader: true, cell: (tool) => tool.name },
  { header: 'Id', cell: (tool) => <code className="admin-id">{tool.id}</code> },
  { header: 'Version', cell: (tool) => tool.version },
  { header: 'Description', cell: (tool) => tool.description || '—' },
  { header: 'Revision', cell: (tool) => <code>{tool.changesetRevision}</code> },
];

/** A repository of a depot: its installable revisions, its tools, a revision's repository dependencies, and "Install". */
export function DepotRepositoryView({ depotUrl, owner, name, onInstalling }: Props) {
  const [repository] = useQuery({ query: DepotRepositoryQuery, variables: { depotUrl, name, owner } });
  const revisions = repository.data?.depotRepository.revisions ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => setChosen(null), [depotUrl, owner, name]);
  const revision = chosen ?? revisions[revisions.length - 1] ?? null;
  const [details] = useQuery({ query: DepotRevisionQuery, variables: { depotUrl, name, owner, changesetRevision: revision ?? '' }, pause: !revision });
  const [started, start] = useMutation(StartInstallMutation);
  const [withDependencies, setWithDependencies] = useState(true);
  const [section, setSection] = useState('');
  const shown = details.data?.depotRepository.revision;
  const install = async (event: FormEvent) => {
    event.preventDefault();
    if (!revision) return;
    const outcome = await start({
      input: {
        depotUrl,
        name,
        owner,
        changesetRevision: revision,
        installRepositoryDependencies: withDependencies,
        newToolPanelSectionLabel: section.trim() === '' ? null : section.trim(),
      },
    });
    if (outcome.data) onInstalling(outcome.data.startDepotInstall.map((record) => record.id));
  };
  return (
    <section aria-labelledby="depot-repository" className="admin-section">
      <h2 id="depot-repository">
        Repository {owner}/{name}
      </h2>
      <ErrorMessage error={repository.error} what="Could not read the repository" />
      {repository.fetching && !repository.data && <p role="status">Loading…</p>}
      {repository.data && revisions.length === 0 && <p>The depot has no installable revision of this repository.</p>}
      {revisions.length > 0 && (
        <form className="form" onSubmit={install} aria-label={`Install ${owner}/${name}`}>
          <label>
            Revision
            <select value={revision ?? ''} onChange={(event) => setChosen(event.target.value)}>
              {[...revisions].reverse().map((changeset, index) => (
                <option key={changeset} value={changeset}>
                  {revisions.length - 1 - index}:{changeset}
                  {index === 0 ? ' (latest)' : ''}
                </option>
              ))}
            </select>
          </label>
          <ErrorMessage error={details.error} what="Could not read the revision" />
          {shown && (
            <div>
              <p>{shown.description ?? ''}</p>
              <h3>Repository dependencies</h3>
              {shown.dependencies.length === 0 ? (
                <p>None.</p>
              ) : (
                <ul>
                  {shown.dependencies.map((dependency) => (
                    <li key={`${dependency.depot}/${dependency.owner}/${dependency.name}/${dependency.changesetRevision}`}>
                      {dependency.owner}/{dependency.name} revision <code>{dependency.changesetRevision}</code>
                      {dependency.priorInstallationRequired ? ' (installed first)' : ''}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <label className="checkbox">
            <span>
              <input type="checkbox" checked={withDependencies} onChange={(event) => setWithDependencies(event.target.checked)} /> Install repository dependencies
            </span>
          </label>
          <label>
            New tool panel section (optional)
            <input value={section} onChange={(event) => setSection(event.target.value)} maxLength={255} />
          </label>
          <div>
            <button type="submit" disabled={started.fetching || !revision}>
              Install
            </button>
          </div>
          <ErrorMessage error={started.error} what="Could not install the repository" />
        </form>
      )}
      <h3>Tools</h3>
      <ScrollRegion label={`Tools of ${owner}/${name}`}>
        <ListTable
        scroll={false}
        columns={toolColumns}
        rows={repository.data?.depotRepository.tools}
        rowKey={(tool) => `${tool.id}/${tool.version}`}
        caption={`Tools of ${owner}/${name} in the depot`}
        empty="The depot lists no tool in this repository."
        />
      </ScrollRegion>
    </section>
  );
}
