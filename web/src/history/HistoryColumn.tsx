import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../ui/ErrorMessage';
import { HistoryItemRow } from './HistoryItemRow';
import { useHistoryItems } from './useHistoryItems';

const ESTIMATED_ROW_PX = 44;
const LOAD_AHEAD_ROWS = 60;
const FILTERS = { includeHidden: false, includeDeleted: false };

/**
 * One history of "Histories side-by-side", read-only: its name (a link to its own panel), its size
 * and its visible, non-deleted items by hid (newest first), live and virtualised like the panel's,
 * scrolled on its own.
 */
export function HistoryColumn({ history, current, className }: { history: { id: string; name: string; niceSize: string }; current: boolean; className?: string }) {
  const contents = useHistoryItems(history.id, FILTERS);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: contents.hasMore ? Math.max(contents.totalCount, contents.items.length) : contents.items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => contents.items[index]?.id ?? `placeholder-${index}`,
    overscan: 10,
  });
  const lastInView = virtualizer.getVirtualItems().at(-1)?.index ?? 0;
  const { loadMore, hasMore } = contents;
  const fetched = contents.items.length;
  useEffect(() => {
    if (hasMore && lastInView + LOAD_AHEAD_ROWS >= fetched) loadMore(lastInView + LOAD_AHEAD_ROWS - fetched);
  }, [hasMore, lastInView, fetched, loadMore]);
  const headingId = `history-column-${history.id}`;

  return (
    <section className={`history-column${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Link to={`/histories/${history.id}`}>{history.name}</Link>
        {current && <span className="badge">current</span>}
      </h2>
      <p className="muted">
        {contents.totalCount} {contents.totalCount === 1 ? 'item' : 'items'} · {history.niceSize}
      </p>
      <ErrorMessage error={contents.error} what="Could not list the contents" />
      {contents.items.length === 0 && !contents.fetching && !contents.error && <p>This history is empty.</p>}
      <div ref={scroller} className="history-items" role="list" aria-label={`Contents of ${history.name}`} aria-busy={contents.fetching} tabIndex={0}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => (
            <div
              key={row.key}
              role="listitem"
              data-index={row.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
            >
              {contents.items[row.index] ? (
                <HistoryItemRow item={contents.items[row.index]} editable={false} />
              ) : (
                <div className="item placeholder" aria-busy="true">
                  Loading…
                </div>
              )}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
