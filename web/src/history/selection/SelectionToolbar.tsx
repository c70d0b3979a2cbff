import { useEffect, useRef, useState } from 'react';
import { useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { CopyDatasetsForm } from './CopyDatasetsForm';
import { ChangeHistoryItemsMutation } from './selection-documents';
import type { HistorySelection } from './use-selection';

type Operation = 'hide' | 'unhide' | 'delete' | 'undelete' | 'purge';
/** The collection builders of a selection, by collection type. */
export type BuilderKind = 'list' | 'paired' | 'list:paired';

const DONE: Record<Operation, string> = { hide: 'Hid', unhide: 'Unhid', delete: 'Deleted', undelete: 'Undeleted', purge: 'Purged' };
const LABEL: Record<Operation, string> = { hide: 'Hide', unhide: 'Unhide', delete: 'Delete', undelete: 'Undelete', purge: 'Purge' };

const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

interface SelectionToolbarProps {
  historyId: string;
  selection: HistorySelection;
  /** Every item the filter keeps ("Select all" selects them all, loaded or not). */
  totalCount: number;
  /** The caller may change the history's items (else only Copy Datasets is offered). */
  editable: boolean;
  /** The items changed: the panel reads its pages again. */
  onChanged(): void;
  onBuild(kind: BuilderKind): void;
}

/**
 * What the history panel does to its selection ("Operations on multiple datasets" in 15.05): the count,
 * Select all, Clear selection, then Hide, Unhide, Delete, Undelete, Purge (asked first), Copy Datasets and
 * the three collection builders. Each operation is one request, whatever the number of items.
 */
export function SelectionToolbar({ historyId, selection, totalCount, editable, onChanged, onBuild }: SelectionToolbarProps) {
  const [changed, change] = useMutation(ChangeHistoryItemsMutation);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [confirmingPurge, setConfirmingPurge] = useState(false);
  const [copying, setCopying] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirmingPurge) confirm.current?.focus();
  }, [confirmingPurge]);
  const count = selection.count;
  const none = count === 0;

  const run = async (operation: Operation) => {
    setOutcome(null);
    const started = performance.now();
    const answer = await change({ historyId, selection: selection.input(), operation });
    const result = answer.data?.changeHistoryItems;
    if (!result) return;
    setConfirmingPurge(false);
    const stopped = result.stoppedJobs > 0 ? ` (${result.stoppedJobs} ${result.stoppedJobs === 1 ? 'job' : 'jobs'} stopped)` : '';
    setOutcome(`${DONE[operation]} ${items(result.changed)}${stopped} in ${Math.round(performance.now() - started)} ms.`);
    selection.clear();
    onChanged();
  };

  return (
    <div className="selection-toolbar" role="toolbar" aria-label="Selected items">
      <div className="selection-count">
        <strong aria-live="polite">{selection.all ? `All ${totalCount} selected` : `${count} selected`}</strong>
        <button type="button" disabled={selection.all || totalCount === 0} onClick={() => selection.selectAll()}>
          Select all
        </button>
        <button type="button" disabled={none} onClick={() => selection.clear()}>
          Clear selection
        </button>
      </div>
      <div className="actions">
        {editable &&
          (['hide', 'unhide', 'delete', 'undelete'] as const).map((operation) => (
            <button key={operation} type="button" disabled={none || changed.fetching} onClick={() => void run(operation)}>
              {LABEL[operation]}
            </button>
          ))}
        {editable && (
          <button type="button" className="danger" disabled={none || changed.fetching} onClick={() => setConfirmingPurge(true)}>
            Purge
          </button>
        )}
        <button type="button" disabled={none} aria-expanded={copying} onClick={() => setCopying(!copying)}>
          Copy Datasets
        </button>
        {editable && (
          <>
            <button type="button" disabled={none} onClick={() => onBuild('list')}>
              Build Dataset List
            </button>
            <button type="button" disabled={none} onClick={() => onBuild('paired')}>
              Build Dataset Pair
            </button>
            <button type="button" disabled={none} onClick={() => onBuild('list:paired')}>
              Build List of Dataset Pairs
            </button>
          </>
        )}
      </div>
      {confirmingPurge && (
        <div className="confirm" role="group" aria-label={`Purge ${items(count)}?`} onKeyDown={(event) => event.key === 'Escape' && setConfirmingPurge(false)}>
          <p>Purge {items(count)} for good? Their files are removed from the disk and they can no longer be undeleted.</p>
          <div className="actions">
            <button ref={confirm} type="button" className="danger" disabled={changed.fetching} onClick={() => void run('purge')}>
              Purge {items(count)}
            </button>
            <button type="button" onClick={() => setConfirmingPurge(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {copying && !none && <CopyDatasetsForm historyId={historyId} count={count} selection={selection.input} onDone={() => setCopying(false)} />}
      {outcome && <p role="status">{outcome}</p>}
      <ErrorMessage error={changed.error} what="Could not change the selected items" />
    </div>
  );
}
