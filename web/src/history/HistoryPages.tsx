import { Link, useParams } from 'react-router-dom';
import { Page } from '../ui/Page';
import { useCurrentHistory } from './current-history';
import { HistoryPanel } from './HistoryPanel';

/** `/histories/:historyId`: one history's panel. */
export function HistoryPage() {
  const { historyId } = useParams();
  return historyId ? <HistoryPanel key={historyId} historyId={historyId} /> : null;
}

/** `/`: the current history, or (an anonymous visitor's first visit) the way to start one. */
export function CurrentHistoryPage() {
  const { historyId } = useCurrentHistory();
  if (historyId === undefined) return <Page title="Current history"><p role="status">Loading…</p></Page>;
  if (historyId === null) {
    return (
      <Page title="Current history">
        <p>
          You have no history yet: <Link to="/upload">upload data</Link> to start one, or <Link to="/histories">open the histories list</Link>.
        </p>
      </Page>
    );
  }
  return <HistoryPanel key={historyId} historyId={historyId} />;
}
