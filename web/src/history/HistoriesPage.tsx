import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { graphql, type ResultOf } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ListPage } from '../ui/ListPage';
import { type ListColumn, ListTable } from '../ui/ListTable';
import { RenameForm } from '../ui/RenameForm';
import { useCurrentHistory } from './current-history';
import { CreateHistoryMutation, DeleteHistoryMutation, PurgeHistoryMutation, RenameHistoryMutation, UndeleteHistoryMutation } from './history-mutations';
import { PurgeButton } from './PurgeButton';
import { TagChips } from './TagEditor';
import { CopyHistoryForm } from './CopyHistoryForm';

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

  return (
    <ListPage
      title={showDeleted ? 'Deleted histories' : 'Histories'}
      toolbar={
        <>
          {signedIn && !showDeleted && <NewHistoryForm />}
          {signedIn && (
            <p className="actions">
              <Link to="/histories/multiple">View multiple histories</Link>
              <Link to="/histories/import">Import from File or URL</Link>
            </p>
          )}
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
        </>
      }
      error={result.error}
      errorWhat="Could not list the histories"
      loading={result.fetching && !result.data && 'Loading histories…'}
    >
      <ListTable
        className="histories"
        scroll={false}
        columns={HISTORY_COLUMNS}
        rows={result.data?.histories}
        rowKey={(history) => history.id}
        empty={`No ${showDeleted ? 'deleted ' : ''}histories.`}
        useRow={useHistoryRow}
        rowProps={(_history, row) => ({ 'aria-current': row.isCurrent ? 'true' : undefined })}
      />
    </ListPage>
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

/** A history row's state: whether it is the current one, its renaming, its mutations. */
function useHistoryRow(history: HistorySummary) {
  const { historyId: currentId, choose } = useCurrentHistory();
  const [renaming, setRenaming] = useState(false);
  const [copying, setCopying] = useState(false);
  const [renamed, rename] = useMutation(RenameHistoryMutation);
  const [deleted, deleteHistory] = useMutation(DeleteHistoryMutation);
  const [undeleted, undeleteHistory] = useMutation(UndeleteHistoryMutation);
  const [, purgeHistory] = useMutation(PurgeHistoryMutation);
  const isCurrent = history.id === currentId;
  const error = renamed.error ?? deleted.error ?? undeleted.error;
  return { currentId, choose, renaming, setRenaming, copying, setCopying, rename, deleteHistory, undeleteHistory, purgeHistory, isCurrent, error };
}

type HistoryRowState = ReturnType<typeof useHistoryRow>;

const HISTORY_COLUMNS: Array<ListColumn<HistorySummary, HistoryRowState>> = [
  {
    header: 'Name',
    cell: (history, row) => (
      <>
        {row.renaming ? (
          <RenameForm
            label="History name"
            name={history.name}
            onCancel={() => row.setRenaming(false)}
            onRename={async (name) => {
              const outcome = await row.rename({ id: history.id, changes: { name } });
              if (!outcome.error) row.setRenaming(false);
            }}
          />
        ) : (
          <Link to={`/histories/${history.id}`}>{history.name}</Link>
        )}
        {row.isCurrent && <span className="badge">current</span>}
        {row.copying && <CopyHistoryForm history={history} onCancel={() => row.setCopying(false)} />}
        {history.purged && <span className="badge">purged</span>}
        <ErrorMessage error={row.error} />
      </>
    ),
  },
  { header: 'Tags', cell: (history) => <TagChips tags={history.tags} label={`Tags of history ${history.name}`} /> },
  { header: 'Datasets', cell: (history) => history.count },
  { header: 'Size', cell: (history) => history.niceSize },
  { header: 'State', cell: (history) => <span className={`state state-${history.state}`}>{history.state}</span> },
  {
    header: 'Actions',
    hideHeader: true,
    className: 'actions',
    cell: (history, row) => (
      <>
        {!history.deleted && row.currentId !== undefined && !row.isCurrent && (
          <button type="button" onClick={() => row.choose(history.id)} aria-label={`Switch to ${history.name}`}>
            Switch to
          </button>
        )}
        {!history.deleted && (
          <button type="button" onClick={() => row.setRenaming(true)} aria-label={`Rename ${history.name}`}>
            Rename
          </button>
        )}
        {!history.purged && (
          <button type="button" onClick={() => row.setCopying(!row.copying)} aria-expanded={row.copying} aria-label={`Copy ${history.name}`}>
            Copy
          </button>
        )}
        {history.purged ? (
          <span className="muted">Purged: cannot be undeleted</span>
        ) : history.deleted ? (
          <>
            <button type="button" onClick={() => row.undeleteHistory({ id: history.id })} aria-label={`Undelete ${history.name}`}>
              Undelete
            </button>
            <PurgeButton what={`history ${history.name}`} onPurge={async () => (await row.purgeHistory({ id: history.id })).error} />
          </>
        ) : (
          <button type="button" onClick={() => row.deleteHistory({ id: history.id })} aria-label={`Delete ${history.name}`}>
            Delete
          </button>
        )}
      </>
    ),
  },
];
