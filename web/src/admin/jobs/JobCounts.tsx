import { useSubscription } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { ScrollRegion } from '../ui/ScrollRegion';
import { type JobCount, JobCountsSubscription } from './job-documents';

/** The states always shown, in the queue's order; any other state present follows. */
const STATES = ['new', 'queued', 'running', 'paused'];
const ALL = 'All destinations';

const destinationName = (id: string | null) => id ?? 'default (no job configuration)';

/**
 * The jobs that may still run, by destination and state, as the `jobCountsChanged` subscription
 * delivers them: at once, then after every job created or moved, whichever process moved it.
 */
export function JobCounts() {
  const [live] = useSubscription({ query: JobCountsSubscription });
  const counts: readonly JobCount[] | undefined = live.data?.jobCountsChanged.counts;
  const states = [...STATES, ...new Set((counts ?? []).map((count) => count.state).filter((state) => !STATES.includes(state)))];
  const destinations = [...new Set((counts ?? []).map((count) => count.destinationId))];
  const countOf = (destination: string | null | undefined, state: string) =>
    (counts ?? []).filter((count) => count.state === state && (destination === undefined || count.destinationId === destination)).reduce((sum, count) => sum + count.count, 0);
  return (
    <section aria-labelledby="job-counts-heading" className="admin-section">
      <h2 id="job-counts-heading">Jobs now</h2>
      {live.error && <ErrorMessage error={live.error} what="Could not follow the job counts" />}
      {!counts && !live.error && <p role="status">Loading…</p>}
      {counts && (
        <ScrollRegion label="Jobs now">
          <table>
            <caption className="visually-hidden">Jobs that may still run, by destination and state, updated live</caption>
            <thead>
              <tr>
                <th scope="col">Destination</th>
                {states.map((state) => (
                  <th key={state} scope="col">
                    {state}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{ALL}</th>
                {states.map((state) => (
                  <td key={state} data-state={state}>
                    {countOf(undefined, state)}
                  </td>
                ))}
              </tr>
              {destinations.map((destination) => (
                <tr key={destination ?? ''}>
                  <th scope="row">{destinationName(destination)}</th>
                  {states.map((state) => (
                    <td key={state}>{countOf(destination, state)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
