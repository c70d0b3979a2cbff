import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { useCurrentHistory } from '../history/current-history';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useTargetHistory } from '../ui/use-target-history';
import { ImportLibraryItemsMutation, PickableHistoriesQuery } from './library-transfer-documents';

export interface LibrarySelection {
  datasetIds: string[];
  folderIds: string[];
}

type Target = 'current' | 'other' | 'new';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * "Import selected into history": the chosen datasets and folders (their datasets, subfolders'
 * included) into the current history, another of the caller's, or a new one named here, in one
 * request; then how many were imported, with a link to the history.
 */
export function ImportSelectedForm({ selection, onImported }: { selection: LibrarySelection; onImported(): void }) {
  const [target, setTarget] = useState<Target>('current');
  const [otherId, setOtherId] = useState('');
  const [newName, setNewName] = useState('');
  const [histories] = useQuery({ query: PickableHistoriesQuery, pause: target !== 'other' });
  const [result, importItems] = useMutation(ImportLibraryItemsMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const { ensure } = useTargetHistory();
  const { historyId: currentId } = useCurrentHistory();
  const ids = useId();
  const count = selection.datasetIds.length + selection.folderIds.length;
  const outcome = result.data?.importLibraryItemsIntoHistory;
  const others = (histories.data?.histories ?? []).filter((history) => history.id !== currentId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const destination =
        target === 'new' ? { newHistoryName: newName.trim() || 'Unnamed history' } : { historyId: target === 'other' ? otherId || (others[0]?.id ?? '') : await ensure() };
      const answer = await importItems({ items: selection, ...destination });
      if (answer.data) onImported();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <form className="panel import-selected" onSubmit={submit} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Import selected into history</h2>
      <p className="muted">{count === 0 ? 'Select datasets or folders above.' : `${plural(count, 'item', 'items')} selected (a folder brings all its datasets).`}</p>
      <fieldset>
        <legend>Import into</legend>
        <label>
          <input type="radio" name={`${ids}-target`} checked={target === 'current'} onChange={() => setTarget('current')} /> Current history
        </label>
        <label>
          <input type="radio" name={`${ids}-target`} checked={target === 'other'} onChange={() => setTarget('other')} /> Another history
        </label>
        {target === 'other' && (
          <label>
            History
            <select value={otherId} onChange={(event) => setOtherId(event.target.value)}>
              {others.map((history) => (
                <option key={history.id} value={history.id}>
                  {history.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          <input type="radio" name={`${ids}-target`} checked={target === 'new'} onChange={() => setTarget('new')} /> New history
        </label>
        {target === 'new' && (
          <label>
            New history name
            <input value={newName} onChange={(event) => setNewName(event.target.value)} placeholder="Unnamed history" />
          </label>
        )}
      </fieldset>
      <div className="actions">
        <button type="submit" disabled={count === 0 || result.fetching || (target === 'other' && others.length === 0)}>
          Import selected into history
        </button>
      </div>
      {result.fetching && <p role="status">Importing…</p>}
      {outcome && !result.fetching && (
        <p role="status">
          Imported {plural(outcome.imported, 'dataset', 'datasets')} into <Link to={`/histories/${outcome.historyId}`}>{outcome.historyName}</Link>.
          {outcome.skipped > 0 && ` ${plural(outcome.skipped, 'dataset', 'datasets')} you may not access ${outcome.skipped === 1 ? 'was' : 'were'} left out.`}
        </p>
      )}
      <ErrorMessage error={result.error ?? failure} what="Could not import" />
    </form>
  );
}
