import { useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { formatSize } from '../../ui/format-size';
import { ScrollRegion } from '../ui/ScrollRegion';
import { DestinationMemoryQuery } from './job-documents';

const DAYS = 30;
const size = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? '—' : formatSize(bytes));

/**
 * The memory the jobs of the last 30 days used at each destination against what they were given:
 * where the most a job used comes close to the allocation, the destination is too small for its jobs.
 */
export function DestinationMemory() {
  const [result] = useQuery({ query: DestinationMemoryQuery, variables: { days: DAYS }, requestPolicy: 'cache-and-network' });
  const rows = result.data?.destinationMemory;
  return (
    <section aria-labelledby="destination-memory-heading" className="admin-section">
      <h2 id="destination-memory-heading">Memory by destination (last {DAYS} days)</h2>
      <ErrorMessage error={result.error} what="Could not read the memory the jobs used" />
      {!rows && !result.error && <p role="status">Loading…</p>}
      {rows && rows.length === 0 && <p>No job ended in the last {DAYS} days.</p>}
      {rows && rows.length > 0 && (
        <ScrollRegion label="Memory by destination">
          <table>
            <caption className="visually-hidden">Memory the jobs of each destination used, against what they were given</caption>
            <thead>
              <tr>
                <th scope="col">Destination</th>
                <th scope="col">Jobs ended</th>
                <th scope="col">Failed</th>
                <th scope="col">Measured</th>
                <th scope="col">Most used</th>
                <th scope="col">95th percentile</th>
                <th scope="col">Allocated</th>
                <th scope="col">Most used of allocated</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.destination}>
                  <th scope="row">{row.destination === 'none' ? 'default (no job configuration)' : row.destination}</th>
                  <td>{row.jobs}</td>
                  <td>{row.failedJobs}</td>
                  <td>{row.measuredJobs}</td>
                  <td>{size(row.maxUsedBytes)}</td>
                  <td>{size(row.p95UsedBytes)}</td>
                  <td>{size(row.allocatedBytes)}</td>
                  <td>{row.allocatedBytes && row.maxUsedBytes ? `${Math.round((100 * row.maxUsedBytes) / row.allocatedBytes)}%` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
