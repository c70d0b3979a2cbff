import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { DatasetDetails } from './DatasetDetails';
import { datasetDragStart } from './drag-item';
import type { HistoryDatasetItem, HistoryItem } from './useHistoryItems';

interface HistoryItemRowProps {
  item: HistoryItem;
  editable: boolean;
  /** While the panel selects items: whether this one is selected (undefined: no checkbox). */
  selected?: boolean;
  /** Its checkbox clicked (with shift: a range). */
  onSelect?(shift: boolean): void;
}

/**
 * One line of the history panel: a dataset (expandable; `editable`: the caller may change it) or a
 * collection (a link to its elements); a checkbox first while the panel selects items.
 */
export function HistoryItemRow({ item, editable, selected, onSelect }: HistoryItemRowProps) {
  const checkbox = selected !== undefined && <SelectCheckbox item={item} selected={selected} onSelect={onSelect} />;
  if (item.__typename === 'HistoryContent') return <DatasetRow dataset={item} editable={editable} checkbox={checkbox} />;
  return (
    <div className={`item collection${item.deleted ? ' deleted' : ''}${checkbox ? ' selectable' : ''}`}>
      {checkbox}
      <Link className="item-title" to={`/histories/${item.historyId}/collections/${item.id}`} title={`${item.hid}: ${item.name}`}>
        <span className="hid">{item.hid}:</span> {item.name}{' '}
        <span className="muted">
          ({item.collectionType}, {item.elementCount} {item.elementCount === 1 ? 'element' : 'elements'})
        </span>
      </Link>
    </div>
  );
}

function SelectCheckbox({ item, selected, onSelect }: { item: HistoryItem; selected: boolean; onSelect?(shift: boolean): void }) {
  return (
    <input
      type="checkbox"
      className="item-select"
      aria-label={`Select ${item.hid}: ${item.name}`}
      checked={selected}
      onChange={(event) => onSelect?.((event.nativeEvent as MouseEvent).shiftKey === true)}
    />
  );
}

function DatasetRow({ dataset, editable, checkbox }: { dataset: HistoryDatasetItem; editable: boolean; checkbox: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = `dataset-${dataset.id}-details`;
  const flags = [dataset.purged ? 'purged' : dataset.deleted && 'deleted', !dataset.visible && 'hidden', !dataset.accessible && 'no permission'].filter(Boolean).join(', ');

  return (
    <div
      className={`item dataset state-${dataset.state}${dataset.deleted ? ' deleted' : ''}${dataset.accessible ? '' : ' inaccessible'}${checkbox ? ' selectable' : ''}`}
      data-state={dataset.state}
      data-hid={dataset.hid}
    >
      {checkbox}
      <button type="button" className="item-title" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded(!expanded)} draggable onDragStart={datasetDragStart(dataset)}>
        <span className="hid">{dataset.hid}:</span> {dataset.name}
        <span className="visually-hidden">, state {dataset.state}</span>
        {flags && <span className="muted"> ({flags})</span>}
      </button>
      {expanded && <DatasetDetails id={detailsId} dataset={dataset} editable={editable} />}
    </div>
  );
}
