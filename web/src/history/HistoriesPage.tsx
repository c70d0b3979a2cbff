import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { graphql, type ResultOf } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { RenameForm } from '../ui/RenameForm';
import { useCurrentHistory } from './current-history';
import { CreateHistoryMutation, DeleteHistoryMutation, PurgeHistoryMutation, RenameHistoryMutation, UndeleteHistoryMutation } from './history-mutations';
import { PurgeButton } from './PurgeButton';
import { TagChips } from './TagEditor';

const HistoriesQuery = graphql(`
  query Histories($deleted: Boolean) {
    histories(deleted: $deleted) {
      id
      name
      count
      niceSize
      state
      deleted
      purged
      tags
      updateTime
    }
  }
`);

type HistorySummary = ResultOf<typeof HistoriesQuery>['histories'][number];

/** The caller's histories (or the deleted ones) with their tags: switch the current one, create, rename, delete, undelete, purge. */
export function HistoriesPage() {
  const [search, setSearch] = useSearchParams();
  const showDeleted = search.get('deleted') === 'true';
  const [result] = useQuery({ query: HistoriesQuery, variables: { deleted: showDeleted } });
  const { viewer } = useViewer();
  const signedIn = Boolean(viewer?.user);
  const histories = result.data?.histories ?? [];

  return (
    <Page title={showDeleted ? 'Deleted histories' : 'Histories'}>
      {signedIn && !showDeleted && <NewHistoryForm />}
      <p>
        {showDeleted ? (
          <button type="button" className="link-button" onClick={() => setSearch({})}>
            Show active histories
          </button>
        ) : (
          <button type="button" className="link-button" onClick={() => setSearch({ deleted: 'true' })}>
            Show deleted histories
          </button>
        )}
      </p>
      <ErrorMessage error={result.error} what="Could not list the histories" />
      {result.fetching && !result.data && <p role="status">Loading histories…</p>}
      {result.data && histories.length === 0 && <p>No {showDeleted ? 'deleted ' : ''}histories.</p>}
      {histories.length > 0 && (
        <table className="histories">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Tags</th>
              <th scope="col">Datasets</th>
              <th scope="col">Size</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {histories.map((history) => (
              <HistoryRow key={history.id} history={history} />
            ))}
          </tbody>
        </table>
      )}
    </Page>
  );
}

function NewHistoryForm() {
  const [name, setName] = useState('');
  const [result, createHistory] = useMutation(CreateHistoryMutation);
  const { choose } = useCurrentHistory();
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await createHistory({ name: name.trim() || null });
    const created = outcome.data?.createHistory;
    if (!created) return;
    choose(created.id);
    navigate(`/histories/${created.id}`);
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <label>
        New history name
        <input value={name} placeholder="Unnamed history" onChange={(event) => setName(event.target.value)} />
      </label>
      <button type="submit" disabled={result.fetching}>
        Create history
      </button>
      <ErrorMessage error={result.error} what="Could not create the history" />
    </form>
  );
}

function HistoryRow({ history }: { history: HistorySummary }) {
  const { historyId: currentId, choose } = useCurrentHistory();
  const [renaming, setRenaming] = useState(false);
  const [renamed, rename] = useMutation(RenameHistoryMutation);
  const [deleted, deleteHistory] = useMutation(DeleteHistoryMutation);
  const [undeleted, undeleteHistory] = useMutation(UndeleteHistoryMutation);
  const [, purgeHistory] = useMutation(PurgeHistoryMutation);
  const isCurrent = history.id === currentId;
  const error = renamed.error ?? deleted.error ?? undeleted.error;

  return (
    <tr aria-current={isCurrent ? 'true' : undefined}>
      <td>
        {renaming ? (
          <RenameForm
            label="History name"
            name={history.name}
            onCancel={() => setRenaming(false)}
            onRename={async (name) => {
              const outcome = await rename({ id: history.id, changes: { name } });
              if (!outcome.error) setRenaming(false);
            }}
          />
        ) : (
          <Link to={`/histories/${history.id}`}>{history.name}</Link>
        )}
        {isCurrent && <span className="badge">current</span>}
        {history.purged && <span className="badge">purged</span>}
        <ErrorMessage error={error} />
      </td>
      <td>
        <TagChips tags={history.tags} label={`Tags of history ${history.name}`} />
      </td>
      <td>{history.count}</td>
      <td>{history.niceSize}</td>
      <td>
        <span className={`state state-${history.state}`}>{history.state}</span>
      </td>
      <td className="actions">
        {!history.deleted && currentId !== undefined && !isCurrent && (
          <button type="button" onClick={() => choose(history.id)} aria-label={`Switch to ${history.name}`}>
            Switch to
          </button>
        )}
        {!history.deleted && (
          <button type="button" onClick={() => setRenaming(true)} aria-label={`Rename ${history.name}`}>
            Rename
          </button>
        )}
        {history.purged ? (
          <span className="muted">Purged: cannot be undeleted</span>
        ) : history.deleted ? (
          <>
            <button type="button" onClick={() => undeleteHistory({ id: history.id })} aria-label={`Undelete ${history.name}`}>
              Undelete
            </button>
            <PurgeButton what={`history ${history.name}`} onPurge={async () => (await purgeHistory({ id: history.id })).error} />
          </>
        ) : (
          <button type="button" onClick={() => deleteHistory({ id: history.id })} aria-label={`Delete ${history.name}`}>
            Delete
          </button>
        )}
      </td>
    </tr>
  );
}
