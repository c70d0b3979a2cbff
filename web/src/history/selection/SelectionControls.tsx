import './selection.css';
import { lazy, Suspense, useState } from 'react';
import { useClient } from 'urql';
import type { HistoryItemsView } from '../useHistoryItems';
import type { BuilderDataset } from '../../collections/builders/pairing';
import { selectedDatasets } from './selected-datasets';
import { type BuilderKind, SelectionToolbar } from './SelectionToolbar';
import type { HistorySelection } from './use-selection';
import type { HistoryItemFilterInput } from './panel-filter';

const CollectionBuilder = lazy(() => import('../../collections/builders/CollectionBuilder'));

interface SelectionControlsProps {
  historyId: string;
  selection: HistorySelection;
  contents: HistoryItemsView;
  filter: HistoryItemFilterInput;
  /** The caller may change the history's items (else only Copy Datasets is offered). */
  editable: boolean;
}

/** "Select items" and, while selecting, the operations on the selection and the collection builder opened from it. */
export function SelectionControls({ historyId, selection, contents, filter, editable }: SelectionControlsProps) {
  const client = useClient();
  const [building, setBuilding] = useState<{ kind: BuilderKind; datasets: BuilderDataset[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  const openBuilder = async (kind: BuilderKind) => {
    setLoadError(null);
    setCreated(null);
    try {
      const datasets = await selectedDatasets(client, historyId, selection, filter, contents.totalCount);
      setBuilding({ kind, datasets: datasets.map(({ id, hid, name }) => ({ id, hid, name })) });
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="selection-controls">
      <button type="button" aria-pressed={selection.selecting} onClick={() => (selection.setSelecting(!selection.selecting), setBuilding(null))}>
        {selection.selecting ? 'Done selecting' : 'Select items'}
      </button>
      {selection.selecting && (
        <SelectionToolbar historyId={historyId} selection={selection} totalCount={contents.totalCount} editable={editable} onChanged={contents.refresh} onBuild={(kind) => void openBuilder(kind)} />
      )}
      {loadError && <p role="alert">{loadError}</p>}
      {created && <p role="status">{created}</p>}
      {building && (
        <Suspense fallback={<p role="status">Loading the builder…</p>}>
          <CollectionBuilder
            key={building.kind}
            kind={building.kind}
            historyId={historyId}
            datasets={building.datasets}
            onCancel={() => setBuilding(null)}
            onCreated={(collection) => {
              setBuilding(null);
              setCreated(`Created ${collection.hid}: ${collection.name} (${collection.elementCount} ${collection.elementCount === 1 ? 'element' : 'elements'}).`);
              selection.clear();
              contents.refresh();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
