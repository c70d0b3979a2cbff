import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatSize } from '../ui/format-size';
import { NO_PERMISSION } from '../ui/no-permission';
import type { ElementNode } from './collection-documents';

const ESTIMATED_ROW_PX = 40;

/**
 * One rank of a collection's elements, in a bounded, virtualised list (only the rows in view are in
 * the page, however many elements): a dataset links to its page, a nested collection opens in turn.
 */
export function ElementList({ elements, label, openUrl }: { elements: readonly ElementNode[]; label: string; openUrl(element: ElementNode): string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: elements.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => elements[index].id,
    overscan: 10,
  });
  return (
    <div ref={scroller} className="collection-elements" role="list" aria-label={label}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            role="listitem"
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
          >
            <ElementRow element={elements[row.index]} openUrl={openUrl} />
          </div>
        ))}
      </div>
    </div>
  );
}

function ElementRow({ element, openUrl }: { element: ElementNode; openUrl(element: ElementNode): string }) {
  const { dataset, collection } = element;
  if (collection) {
    return (
      <div className="item collection element">
        <Link to={openUrl(element)}>{element.elementIdentifier}</Link>{' '}
        <span className="muted">
          ({collection.collectionType}, {collection.elementCount} {collection.elementCount === 1 ? 'element' : 'elements'})
        </span>
      </div>
    );
  }
  if (!dataset) {
    return (
      <div className="item element">
        {element.elementIdentifier} <span className="muted">(a library dataset)</span>
      </div>
    );
  }
  if (!dataset.accessible) {
    return (
      <div className={`item dataset element inaccessible state-${dataset.state}${dataset.deleted ? ' deleted' : ''}`} data-state={dataset.state}>
        {element.elementIdentifier}
        <span className="visually-hidden">, state {dataset.state}</span> <span className="muted">{NO_PERMISSION}</span>
      </div>
    );
  }
  return (
    <div className={`item dataset element state-${dataset.state}${dataset.deleted ? ' deleted' : ''}`} data-state={dataset.state}>
      <Link to={`/datasets/${encodeURIComponent(dataset.id)}`}>{element.elementIdentifier}</Link>
      <span className="visually-hidden">, state {dataset.state}</span>{' '}
      <span className="muted">
        {dataset.extension} · {formatSize(dataset.fileSize)}
        {dataset.purged ? ' · purged' : dataset.deleted ? ' · deleted' : ''}
      </span>
    </div>
  );
}
