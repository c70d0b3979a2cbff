import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { graphql } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useInPanel } from '../ui/in-panel';
import { Page } from '../ui/Page';
import { RenameForm } from '../ui/RenameForm';
import { useCurrentHistory } from './current-history';
import { HistoryDetails } from './HistoryDetails';
import { ImportHistoryMutation, RenameHistoryMutation } from './history-mutations';
import { useViewer } from '../account/viewer';
import { HistoryItemRow } from './HistoryItemRow';
import { VirtualHistoryList } from './VirtualHistoryList';
import { HistoryArchiveActions } from './HistoryArchiveActions';
import { useHistoryItems } from './useHistoryItems';
import { HistoryFilterBar } from './selection/HistoryFilterBar';
import { filterInput, narrows, NO_FILTER } from './selection/panel-filter';
import { SelectionControls } from './selection/SelectionControls';
import { useHistorySelection } from './selection/use-selection';

const HistoryQuery = graphql(`
  query History($id: ID!) {
    history(id: $id) {
      id
      name
      niceSize
      deleted
      purged
      state
      annotation
      tags
      userId
      viewerCan {
        change
        addData
        makeCurrent
        share
      }
    }
  }
`);

/** A history's contents by hid, newest first, in a virtualised list: only the rows in view are in the page. */
export function HistoryPanel({ historyId }: { historyId: string }) {
  const [historyResult] = useQuery({ query: HistoryQuery, variables: { id: historyId } });
  const [filter, setFilter] = useState(NO_FILTER);
  const itemFilter = useMemo(() => filterInput(filter), [filter]);
  const [renaming, setRenaming] = useState(false);
  const [renamed, rename] = useMutation(RenameHistoryMutation);
  const [imported, importHistory] = useMutation(ImportHistoryMutation);
  const { viewer } = useViewer();
  const inPanel = useInPanel();
  const navigate = useNavigate();
  const { historyId: currentId, choose } = useCurrentHistory();
  const contents = useHistoryItems(historyId, itemFilter);
  const selection = useHistorySelection(contents.items, contents.totalCount, itemFilter);
  const history = historyResult.data?.history;

  if (historyResult.error) return <Page title="History"><ErrorMessage error={historyResult.error} what="Could not open the history" /></Page>;
  if (!history) return <Page title="History">{historyResult.fetching ? <p role="status">Loading…</p> : <p>No such history.</p>}</Page>;
  // Only what the caller may do is offered (the graph answers it from the rules the operations apply).
  const may = history.viewerCan;
  const editable = may.change;

  return (
    <Page
      title={history.name}
      actions={
        // Beside another screen (the workbench's side panel) the history's own actions are one link away: its full panel.
        inPanel ? (
          <Link to={`/histories/${encodeURIComponent(history.id)}`} aria-label={`History options of ${history.name}`}>
            History options
          </Link>
        ) : (
          <div className="actions">
            {may.makeCurrent && history.id !== currentId && (
              <button type="button" onClick={() => choose(history.id)}>
                Make current
              </button>
            )}
            {may.change && (
              <button type="button" onClick={() => setRenaming(true)}>
                Rename history
              </button>
            )}
            {may.addData && <Link to={`/upload?history=${encodeURIComponent(history.id)}`}>Upload data</Link>}
            {may.share && <Link to={`/sharing/histories/${encodeURIComponent(history.id)}`}>Share or publish</Link>}
            {may.change && <HistoryArchiveActions history={history} />}
            {may.change && <Link to={`/histories/${encodeURIComponent(history.id)}/extract-workflow`}>Extract Workflow</Link>}
            {viewer?.user && !may.change && (
              <button
                type="button"
                disabled={imported.fetching}
                onClick={async () => {
                  // The platform's name for an imported history.
                  const outcome = await importHistory({ id: history.id, name: `imported: ${history.name}` });
                  const copy = outcome.data?.createHistory;
                  if (copy) navigate(`/histories/${copy.id}`);
                }}
              >
                Import history
              </button>
            )}
          </div>
        )
      }
    >
      <ErrorMessage error={imported.error} what="Could not import the history" />
      {renaming && may.change && (
        <RenameForm
          label="History name"
          name={history.name}
          onCancel={() => setRenaming(false)}
          onRename={async (name) => {
            const outcome = await rename({ id: history.id, changes: { name } });
            if (!outcome.error) setRenaming(false);
          }}
        />
      )}
      <ErrorMessage error={renamed.error} what="Could not rename" />
      {!inPanel && <HistoryDetails history={history} editable={editable} />}
      <p className="muted">
        {history.id === currentId ? 'Current history · ' : ''}
        {history.purged ? 'Purged · ' : history.deleted ? 'Deleted · ' : ''}
        {contents.totalCount} {contents.totalCount === 1 ? 'item' : 'items'} · {history.niceSize}
      </p>
      <HistoryFilterBar filter={filter} onChange={setFilter} />
      {viewer?.user && <SelectionControls historyId={history.id} selection={selection} contents={contents} filter={itemFilter} editable={editable} />}
      <ErrorMessage error={contents.error} what="Could not list the contents" />
      {contents.items.length === 0 && !contents.fetching && !contents.error && narrows(filter) && <p>No items match the filter.</p>}
      {contents.items.length === 0 && !contents.fetching && !contents.error && !narrows(filter) && (
        <p>
          This history is empty.
          {may.addData && (
            <>
              {' '}
              <Link to={`/upload?history=${encodeURIComponent(history.id)}`}>Upload data</Link> to begin.
            </>
          )}
        </p>
      )}
      <VirtualHistoryList
        contents={contents}
        label={`Contents of ${history.name}`}
        renderItem={(item) => (
          <HistoryItemRow item={item} editable={editable} selected={selection.selecting ? selection.isSelected(item) : undefined} onSelect={(shift) => selection.toggle(item, shift)} />
        )}
      />
    </Page>
  );
}
