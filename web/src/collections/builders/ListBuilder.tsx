import { useState } from 'react';
import { BuilderFrame } from './BuilderFrame';
import { type BuilderDataset, repeatedNames } from './pairing';
import type { BuilderProps } from './CollectionBuilder';

/** "Build Dataset List": the selected datasets in order, each element named (by default the dataset's name); one can be left out. */
export function ListBuilder({ historyId, datasets, onCreated, onCancel }: BuilderProps) {
  const [elements, setElements] = useState<Array<{ dataset: BuilderDataset; name: string }>>(() => datasets.map((dataset) => ({ dataset, name: dataset.name })));
  const repeated = repeatedNames(elements.map((element) => element.name));
  const problem =
    elements.length === 0 ? 'A list needs at least one dataset.' : elements.some((element) => element.name.trim() === '') ? 'Every element needs a name.' : repeated.size > 0 ? 'Element names must differ.' : null;
  return (
    <BuilderFrame
      title="Build Dataset List"
      historyId={historyId}
      createLabel="Create list"
      problem={problem}
      input={() => ({ collectionType: 'list', datasets: elements.map((element) => ({ name: element.name.trim(), datasetId: element.dataset.id })) })}
      onCreated={onCreated}
      onCancel={onCancel}
    >
      <ol className="builder-elements" aria-label="Elements">
        {elements.map((element, index) => (
          <li key={element.dataset.id}>
            <input
              type="text"
              aria-label={`Element name of ${element.dataset.hid}: ${element.dataset.name}`}
              aria-invalid={repeated.has(element.name)}
              value={element.name}
              onChange={(event) => setElements(elements.map((each, at) => (at === index ? { ...each, name: event.target.value } : each)))}
            />{' '}
            <span className="muted">
              {element.dataset.hid}: {element.dataset.name}
            </span>{' '}
            <button type="button" aria-label={`Remove ${element.dataset.name}`} onClick={() => setElements(elements.filter((_, at) => at !== index))}>
              Remove
            </button>
          </li>
        ))}
      </ol>
    </BuilderFrame>
  );
}
