import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { CopyHistoryItemsMutation, CopyTargetsQuery } from './selection-documents';
import type { SelectionInput } from './use-selection';

/**
 * "Copy Datasets": the selection to a history the user may add to, or to a new history they name.
 * One request, whatever the number of items.
 */
export function CopyDatasetsForm({ historyId, count, selection, onDone }: { historyId: string; count: number; selection: () => SelectionInput; onDone(): void }) {
  const [targets] = useQuery({ query: CopyTargetsQuery });
  const [copied, copy] = useMutation(CopyHistoryItemsMutation);
  const [mode, setMode] = useState<'existing' | 'new'>('new');
  const [targetId, setTargetId] = useState('');
  const [name, setName] = useState('');
  const [done, setDone] = useState<{ historyId: string; name: string; count: number } | null>(null);
  const choices = (targets.data?.histories ?? []).filter((history) => history.viewerCan.addData && history.id !== historyId);
  const chosen = targetId || choices[0]?.id || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const variables = mode === 'new' ? { historyId, selection: selection(), newHistoryName: name.trim() } : { historyId, selection: selection(), targetHistoryId: chosen };
    const outcome = await copy(variables);
    const answer = outcome.data?.copyHistoryItems;
    if (answer) {
      const targetName = mode === 'new' ? name.trim() : (choices.find((history) => history.id === chosen)?.name ?? 'the history');
      setDone({ historyId: answer.historyId, name: targetName, count: answer.datasets + answer.collections });
    }
  };

  return (
    <section className="selection-form" aria-label="Copy Datasets">
      <h3>Copy Datasets</h3>
      {done ? (
        <p role="status">
          Copied {done.count} {done.count === 1 ? 'item' : 'items'} to <Link to={`/histories/${done.historyId}`}>{done.name}</Link>.{' '}
          <button type="button" onClick={onDone}>
            Close
          </button>
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <fieldset>
            <legend>
              Copy {count} {count === 1 ? 'item' : 'items'} to
            </legend>
            <label>
              <input type="radio" name="copy-target" checked={mode === 'new'} onChange={() => setMode('new')} /> A new history named
            </label>{' '}
            <input type="text" aria-label="New history name" value={name} onChange={(event) => setName(event.target.value)} onFocus={() => setMode('new')} />
            <br />
            <label>
              <input type="radio" name="copy-target" checked={mode === 'existing'} disabled={choices.length === 0} onChange={() => setMode('existing')} /> An existing history
            </label>{' '}
            <select aria-label="Destination history" value={chosen} disabled={choices.length === 0} onChange={(event) => (setTargetId(event.target.value), setMode('existing'))}>
              {choices.map((history) => (
                <option key={history.id} value={history.id}>
                  {history.name}
                </option>
              ))}
            </select>
          </fieldset>
          <div className="actions">
            <button type="submit" disabled={copied.fetching || (mode === 'new' ? name.trim() === '' : chosen === '')}>
              Copy
            </button>
            <button type="button" onClick={onDone}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <ErrorMessage error={copied.error ?? targets.error} what="Could not copy" />
    </section>
  );
}
