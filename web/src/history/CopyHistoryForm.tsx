import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useCurrentHistory } from './current-history';
import { CopyHistoryMutation } from './history-archive-documents';

/**
 * 15.05's "Copy History": a name (default "Copy of '<name>'"), all datasets or only the active
 * (non-deleted) ones, and whether the copy becomes the current history; then the copy opens.
 */
export function CopyHistoryForm({ history, onCancel }: { history: { id: string; name: string }; onCancel(): void }) {
  const [name, setName] = useState(`Copy of '${history.name}'`);
  const [which, setWhich] = useState<'active' | 'all'>('active');
  const [makeCurrent, setMakeCurrent] = useState(true);
  const [result, copyHistory] = useMutation(CopyHistoryMutation);
  const { choose } = useCurrentHistory();
  const navigate = useNavigate();
  const ids = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await copyHistory({ id: history.id, name: name.trim() || null, allDatasets: which === 'all' });
    const copy = outcome.data?.createHistory;
    if (!copy) return;
    if (makeCurrent) choose(copy.id);
    navigate(`/histories/${copy.id}`);
  };
  return (
    <form className="panel copy-history" onSubmit={submit} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Copy History</h2>
      <label>
        Name of the copy
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <fieldset>
        <legend>Datasets to copy</legend>
        <label>
          <input type="radio" name={`${ids}-which`} checked={which === 'all'} onChange={() => setWhich('all')} /> All datasets
        </label>
        <label>
          <input type="radio" name={`${ids}-which`} checked={which === 'active'} onChange={() => setWhich('active')} /> Only active (non-deleted) datasets
        </label>
      </fieldset>
      <label>
        <input type="checkbox" checked={makeCurrent} onChange={(event) => setMakeCurrent(event.target.checked)} /> Make the copy the current history
      </label>
      <div className="actions">
        <button type="submit" disabled={result.fetching}>
          Copy
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {result.fetching && <p role="status">Copying…</p>}
      <ErrorMessage error={result.error} what="Could not copy the history" />
    </form>
  );
}
