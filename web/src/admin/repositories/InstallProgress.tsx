import { useEffect, useRef } from 'react';
import { useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { InstallProgressQuery } from './repository-documents';

/** The statuses of an install under way (the platform's, in their order). */
const SETTLED = ['Installed', 'Error', 'Deactivated', 'Uninstalled'];
const STEPS = ['New', 'Cloning', 'Loading proprietary datatypes', 'Setting tool versions', 'Installed'];
const POLL_MS = 500;

/**
 * An install followed until each of its records is Installed (or Error): the records read again
 * every half second while one of them is still under way, and not at all afterwards.
 */
export function InstallProgress({ ids, onSettled }: { ids: readonly string[]; onSettled: () => void }) {
  const [progress, reread] = useQuery({ query: InstallProgressQuery, variables: { ids: [...ids] }, requestPolicy: 'network-only' });
  const records = progress.data?.depotInstallProgress ?? [];
  const settled = records.length > 0 && records.every((record) => SETTLED.includes(record.status));
  const told = useRef(false);
  useEffect(() => {
    if (settled || progress.fetching) return undefined;
    const timer = setTimeout(() => reread({ requestPolicy: 'network-only' }), POLL_MS);
    return () => clearTimeout(timer);
  }, [settled, progress.fetching, progress.data, reread]);
  useEffect(() => {
    if (settled && !told.current) {
      told.current = true;
      onSettled();
    }
  }, [settled, onSettled]);
  const steps = records.length * (STEPS.length - 1);
  const done = records.reduce((sum, record) => sum + (SETTLED.includes(record.status) ? STEPS.length - 1 : Math.max(STEPS.indexOf(record.status), 0)), 0);
  const failed = records.filter((record) => record.status === 'Error');
  return (
    <section aria-labelledby="install-progress" className="admin-section">
      <h2 id="install-progress">Installing</h2>
      <ErrorMessage error={progress.error} what="Could not read the install's progress" />
      <label className="admin-filter">
        Install progress
        <progress max={Math.max(steps, 1)} value={done} />
      </label>
      <ol>
        {records.map((record) => (
          <li key={record.id}>
            {record.owner}/{record.name} (revision {record.ctxRev ?? '?'}:{record.installedChangesetRevision}): <strong>{record.status}</strong>
            {record.errorMessage && <span className="error"> {record.errorMessage}</span>}
          </li>
        ))}
      </ol>
      <p role="status">
        {!settled ? `Installing: ${done} of ${steps} steps done.` : failed.length > 0 ? `The install ended with ${failed.length} error${failed.length > 1 ? 's' : ''}.` : 'The install is done.'}
      </p>
    </section>
  );
}
