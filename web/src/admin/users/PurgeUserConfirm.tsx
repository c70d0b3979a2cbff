import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { formatSize } from '../../ui/format-size';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { type AdminUser, PurgePlanQuery, PurgeUserMutation } from './users-documents';

/**
 * Purge, asked twice: the first press reads what purging would remove (the graph's
 * `userPurgePlan`) and says it; the second purges. Escape or Cancel gives up.
 */
export function PurgeUserConfirm({ user }: { user: AdminUser }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <p>
        <button type="button" className="danger" onClick={() => setAsking(true)}>
          Purge user…
        </button>
      </p>
    );
  }
  return <PurgePlan user={user} onCancel={() => setAsking(false)} />;
}

function PurgePlan({ user, onCancel }: { user: AdminUser; onCancel: () => void }) {
  const [plan] = useQuery({ query: PurgePlanQuery, variables: { id: user.id }, requestPolicy: 'network-only' });
  const [purged, purge] = useMutation(PurgeUserMutation);
  const confirm = useRef<HTMLButtonElement>(null);
  const counts = plan.data?.userPurgePlan;
  useEffect(() => {
    if (counts) confirm.current?.focus();
  }, [counts]);
  return (
    <div className="confirm" role="group" aria-label={`Purge ${user.email ?? 'user'}?`} onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      {plan.fetching && <p role="status">Counting what purging removes…</p>}
      <ErrorMessage error={plan.error} what="Could not count what purging removes" />
      {counts && (
        <>
          <p>Purging {counts.email} cannot be undone. It:</p>
          <ul>
            <li>purges their {counts.histories} histories and the {counts.historyDatasets} datasets in them;</li>
            <li>removes {counts.datasetFiles} dataset files from the disk (those nothing else uses; {formatSize(counts.diskUsage)} in use now);</li>
            <li>removes them from {counts.groupMemberships} groups and {counts.roleMemberships} roles (their private role stays);</li>
            <li>removes their {counts.apiKeys} API keys and ends their {counts.sessions} open sessions;</li>
            <li>replaces their email with {counts.replacementEmail} and removes their public name.</li>
          </ul>
          <div className="actions">
            <button ref={confirm} type="button" className="danger" disabled={purged.fetching} onClick={() => void purge({ id: user.id })}>
              Purge for good
            </button>
            <button type="button" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </>
      )}
      <ErrorMessage error={purged.error} what="Could not purge" />
    </div>
  );
}
