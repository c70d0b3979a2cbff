import { useState } from 'react';
import { BuilderFrame } from './BuilderFrame';
import type { BuilderProps } from './CollectionBuilder';

/** "Build Dataset Pair": two of the selected datasets, forward and reverse (swappable). */
export function PairBuilder({ historyId, datasets, onCreated, onCancel }: BuilderProps) {
  const [forwardId, setForwardId] = useState(datasets[0]?.id ?? '');
  const [reverseId, setReverseId] = useState(datasets[1]?.id ?? '');
  const problem = datasets.length < 2 ? 'Select two datasets to build a pair.' : forwardId === reverseId ? 'Forward and reverse must be two different datasets.' : null;
  const choice = (label: string, value: string, set: (id: string) => void) => (
    <label>
      {label}{' '}
      <select value={value} onChange={(event) => set(event.target.value)}>
        {datasets.map((dataset) => (
          <option key={dataset.id} value={dataset.id}>
            {dataset.hid}: {dataset.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <BuilderFrame
      title="Build Dataset Pair"
      historyId={historyId}
      createLabel="Create pair"
      problem={problem}
      input={() => ({ collectionType: 'paired', datasets: [{ name: 'forward', datasetId: forwardId }, { name: 'reverse', datasetId: reverseId }] })}
      onCreated={onCreated}
      onCancel={onCancel}
    >
      <div className="builder-pair">
        {choice('Forward', forwardId, setForwardId)}
        {choice('Reverse', reverseId, setReverseId)}
        <button type="button" onClick={() => (setForwardId(reverseId), setReverseId(forwardId))}>
          Swap
        </button>
      </div>
    </BuilderFrame>
  );
}
