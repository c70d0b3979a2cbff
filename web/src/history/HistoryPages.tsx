import { useParams } from 'react-router-dom';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { useCurrentHistory } from './current-history';
import { HistoryPanel } from './HistoryPanel';

/** `/histories/:historyId`: one history's panel. */
export function HistoryPage() {
  const { historyId } = useParams();
  return historyId ? <HistoryPanel key={historyId} historyId={historyId} /> : null;
}

/** `/`: the session's current history (the server gives a visitor one on their first visit). */
export function CurrentHistoryPage() {
  const { historyId, error } = useCurrentHistory();
  if (historyId === undefined) {
    return (
      <Page title="Current history">
        <ErrorMessage error={error} what="Could not open the current history" />
        {!error && <p role="status">Loading…</p>}
      </Page>
    );
  }
  return <HistoryPanel key={historyId} historyId={historyId} />;
}
