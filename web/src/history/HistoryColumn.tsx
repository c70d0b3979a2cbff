import { Link } from 'react-router-dom';
import { ErrorMessage } from '../ui/ErrorMessage';
import { HistoryItemRow } from './HistoryItemRow';
import { VirtualHistoryList } from './VirtualHistoryList';
import { useHistoryItems } from './useHistoryItems';

/** What a column shows: the visible, non-deleted items. */
const FILTERS = { visible: true, deleted: false };

/**
 * One history of "Histories side-by-side", read-only: its name (a link to its own panel), its size
 * and its visible, non-deleted items by hid (newest first), live and virtualised like the panel's,
 * scrolled on its own.
 */
export function HistoryColumn({ history, current, className }: { history: { id: string; name: string; niceSize: string }; current: boolean; className?: string }) {
  const contents = useHistoryItems(history.id, FILTERS);
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
      <VirtualHistoryList contents={contents} label={`Contents of ${history.name}`} focusable renderItem={(item) => <HistoryItemRow item={item} editable={false} />} />
    </section>
  );
}
