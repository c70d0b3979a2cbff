import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { JobLockQuery, SetJobLockMutation } from './job-documents';

interface Lock {
  locked: boolean;
  changedAt: string | null;
  changedBy: string | null;
}

const when = (time: string | null) => (time ? ` (${time.replace('T', ' ').slice(0, 19)} UTC)` : '');

/**
 * 15.05's "Lock new jobs": while locked, new jobs are created and wait queued in every server
 * process; "Unlock new jobs" lets them run.
 */
export function JobLockControl() {
  const [result] = useQuery({ query: JobLockQuery, requestPolicy: 'network-only' });
  const [changing, setLock] = useMutation(SetJobLockMutation);
  const [changed, setChanged] = useState<Lock | null>(null);
  const lock: Lock | undefined = changed ?? result.data?.jobLock;
  const toggle = async () => {
    if (!lock) return;
    const outcome = await setLock({ locked: !lock.locked });
    if (outcome.data) setChanged(outcome.data.setJobLock);
  };
  return (
    <section aria-labelledby="job-lock-heading" className="admin-section">
      <h2 id="job-lock-heading">Job lock</h2>
      {result.error && !lock && <ErrorMessage error={result.error} what="Could not read the job lock" />}
      {changing.error && <ErrorMessage error={changing.error} what="Could not change the job lock" />}
      {lock && (
        <div className="admin-actions">
          <p role="status" className={lock.locked ? 'admin-warning' : undefined}>
            {lock.locked
              ? `New jobs are locked: they wait queued until unlocked${lock.changedBy ? `, locked by ${lock.changedBy}` : ''}${when(lock.changedAt)}.`
              : 'New jobs are not locked: they run as they are queued.'}
          </p>
          <button type="button" onClick={() => void toggle()} disabled={changing.fetching}>
            {lock.locked ? 'Unlock new jobs' : 'Lock new jobs'}
          </button>
        </div>
      )}
    </section>
  );
}
