import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DatasetDetails } from './DatasetDetails';
import { datasetDragStart } from './drag-item';
import type { HistoryDatasetItem, HistoryItem } from './useHistoryItems';

/**
 * One line of the history panel: a dataset (expandable; `editable`: the caller may change it) or a
 * collection (a link to its elements).
 */
export function HistoryItemRow({ item, editable }: { item: HistoryItem; editable: boolean }) {
  if (item.__typename === 'HistoryContent') return <DatasetRow dataset={item} editable={editable} />;
  return (
    <div className={`item collection${item.deleted ? ' deleted' : ''}`}>
      <Link className="item-title" to={`/histories/${item.historyId}/collections/${item.id}`} title={`${item.hid}: ${item.name}`}>
        <span className="hid">{item.hid}:</span> {item.name}{' '}
        <span className="muted">
          ({item.collectionType}, {item.elementCount} {item.elementCount === 1 ? 'element' : 'elements'})
        </span>
      </Link>
    </div>
  );
}

function DatasetRow({ dataset, editable }: { dataset: HistoryDatasetItem; editable: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = `dataset-${dataset.id}-details`;
  const flags = [dataset.purged ? 'purged' : dataset.deleted && 'deleted', !dataset.visible && 'hidden', !dataset.accessible && 'no permission'].filter(Boolean).join(', ');

  return (
    <div
      className={`item dataset state-${dataset.state}${dataset.deleted ? ' deleted' : ''}${dataset.accessible ? '' : ' inaccessible'}`}
      data-state={dataset.state}
      data-hid={dataset.hid}
    >
      <button type="button" className="item-title" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded(!expanded)} draggable onDragStart={datasetDragStart(dataset)}>
        <span className="hid">{dataset.hid}:</span> {dataset.name}
        <span className="visually-hidden">, state {dataset.state}</span>
        {flags && <span className="muted"> ({flags})</span>}
      </button>
      {expanded && <DatasetDetails id={detailsId} dataset={dataset} editable={editable} />}
    </div>
  );
}
