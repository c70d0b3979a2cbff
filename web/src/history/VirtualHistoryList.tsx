import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';
import type { HistoryItem, HistoryItemsView } from './useHistoryItems';

const ESTIMATED_ROW_PX = 44;
/** Ask for the next page when the rows in view come this close to the last fetched one. */
const LOAD_AHEAD_ROWS = 60;

/**
 * A history's items (as `useHistoryItems` reads them) in a virtualised list that scrolls on its own:
 * only the rows in view are in the page, the full height is there from the start (rows not fetched
 * yet are placeholders), and the next page is read as the rows in view come near the last one.
 */
export function VirtualHistoryList({
  contents,
  label,
  renderItem,
  focusable = false,
}: {
  contents: HistoryItemsView;
  /** The list's accessible name ("Contents of <history>"). */
  label: string;
  renderItem(item: HistoryItem): ReactNode;
  /** Whether the list itself takes the focus (to scroll it with the keyboard where its rows have no controls). */
  focusable?: boolean;
}) {
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

  return (
    <div ref={scroller} className="history-items" role="list" aria-label={label} aria-busy={contents.fetching} tabIndex={focusable ? 0 : undefined}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = contents.items[row.index];
          return (
            <div
              key={row.key}
              role="listitem"
              data-index={row.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
            >
              {item ? (
                renderItem(item)
              ) : (
                <div className="item placeholder" aria-busy="true">
                  Loading…
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
