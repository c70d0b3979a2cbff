import { type FormEvent, useId, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useCurrentHistory } from '../history/current-history';
import { ErrorMessage } from '../ui/ErrorMessage';
import { AddHistoryDatasetsToFolderMutation, PickableDatasetsQuery, PickableHistoriesQuery } from './library-transfer-documents';

/**
 * "Add datasets from history" (whoever may add to the folder): pick one of your histories (the current
 * one first), tick its datasets, and add them to the folder in one request.
 */
export function AddFromHistoryForm({ folderId, onAdded }: { folderId: string; onAdded(): void }) {
  const { historyId: currentId } = useCurrentHistory();
  const [chosenHistory, setChosenHistory] = useState<string | null>(null);
  const historyId = chosenHistory ?? currentId ?? null;
  const [histories] = useQuery({ query: PickableHistoriesQuery });
  const [datasets] = useQuery({ query: PickableDatasetsQuery, variables: { historyId: historyId ?? '' }, pause: !historyId });
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [result, addDatasets] = useMutation(AddHistoryDatasetsToFolderMutation);
  const [added, setAdded] = useState<number | null>(null);
  const ids = useId();
  const listed = (datasets.data?.historyContents ?? []).filter((dataset) => !dataset.purged);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const answer = await addDatasets({ folderId, hdaIds: listed.filter((dataset) => picked.has(dataset.id)).map((dataset) => dataset.id) });
    if (answer.data) {
      setAdded(answer.data.addHistoryDatasetsToFolder);
      setPicked(new Set());
      onAdded();
    }
  };
  const toggle = (id: string, on: boolean) =>
    setPicked((known) => {
      const next = new Set(known);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <form className="add-from-history" onSubmit={submit} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>Add datasets from history</h3>
      <label>
        History
        <select
          value={historyId ?? ''}
          onChange={(event) => {
            setChosenHistory(event.target.value);
            setPicked(new Set());
          }}
        >
          {(histories.data?.histories ?? []).map((history) => (
            <option key={history.id} value={history.id}>
              {history.name}
              {history.id === currentId ? ' (current)' : ''}
            </option>
          ))}
        </select>
      </label>
      <ErrorMessage error={histories.error ?? datasets.error} what="Could not list the datasets" />
      {datasets.data && listed.length === 0 && <p>This history has no datasets to add.</p>}
      {listed.length > 0 && (
        <fieldset className="dataset-picks">
          <legend>Datasets</legend>
          {listed.map((dataset) => (
            <label key={dataset.id}>
              <input type="checkbox" checked={picked.has(dataset.id)} onChange={(event) => toggle(dataset.id, event.target.checked)} />
              {dataset.hid}: {dataset.name} <span className="muted">({dataset.extension}, {dataset.state})</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="actions">
        <button type="submit" disabled={picked.size === 0 || result.fetching}>
          Add selected datasets to this folder
        </button>
      </div>
      {added !== null && !result.fetching && (
        <p role="status">
          Added {added} {added === 1 ? 'dataset' : 'datasets'} to this folder.
        </p>
      )}
      <ErrorMessage error={result.error} what="Could not add the datasets" />
    </form>
  );
}
