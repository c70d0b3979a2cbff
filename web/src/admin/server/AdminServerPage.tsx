import { useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { formatSize } from '../../ui/format-size';
import { ListTable } from '../../ui/ListTable';
import { Page } from '../../ui/Page';
import { ScrollRegion } from '../ui/ScrollRegion';
import { type ServerStatus, ServerStatusQuery } from './server-documents';

type Process = ServerStatus['processes'][number];
type Holder = ServerStatus['claimHolders'][number];
type Depth = ServerStatus['queue'][number];
type Setting = ServerStatus['configuration'][number];

const time = (value: string | null) => (value ? <time dateTime={value}>{value.replace('T', ' ').slice(0, 19)} UTC</time> : '—');

function slurmText(slurm: ServerStatus['slurm']): string {
  if (!slurm.configured) return 'Not configured (no Slurm destination in the job configuration).';
  if (slurm.reachable) return `Reachable: sinfo and squeue answered in ${slurm.elapsedMs ?? '?'} ms.`;
  return `Not reachable: ${slurm.problem ?? 'no answer'}.`;
}

/**
 * `/admin/server`: the versions, the database (embedded or a server, its size), the server processes
 * with their heartbeats and the runners holding work, the queue by destination, whether Slurm answers, DATA_DIR's disk and
 * the configuration in force (secrets hidden by the server).
 */
export function AdminServerPage() {
  const [result, reexecute] = useQuery({ query: ServerStatusQuery, requestPolicy: 'network-only' });
  const status = result.data?.serverStatus;
  if (!status) {
    return (
      <Page title="Server">
        {result.error ? <ErrorMessage error={result.error} what="Could not read the server's status" /> : <p role="status">Loading…</p>}
      </Page>
    );
  }
  const disk = status.dataDir;
  return (
    <Page title="Server">
      <button type="button" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
        Refresh
      </button>
      <section aria-labelledby="server-overview" className="admin-section">
        <h2 id="server-overview">Overview</h2>
        <dl className="admin-facts">
          <dt>Version</dt>
          <dd>
            {status.version} (service {status.serviceVersion}, Node.js {status.thisProcess.nodeVersion})
          </dd>
          <dt>Database</dt>
          <dd>
            {status.database.embedded ? 'Embedded PostgreSQL (in DATA_DIR)' : 'PostgreSQL server (DATABASE_URL)'}, version {status.database.version}, {formatSize(status.database.sizeBytes)}
          </dd>
          <dt>This process</dt>
          <dd>
            {status.thisProcess.host}, pid {status.thisProcess.pid}, started {time(status.thisProcess.startedAt)}
          </dd>
          <dt>New jobs</dt>
          <dd>{status.jobsLocked ? 'Locked (they wait queued)' : 'Not locked'}</dd>
          <dt>Slurm</dt>
          <dd>{slurmText(status.slurm)}</dd>
          <dt>Disk of DATA_DIR</dt>
          <dd>
            <code>{disk.path}</code>: {formatSize(disk.usedBytes)} used, {formatSize(disk.freeBytes)} free of {formatSize(disk.totalBytes)}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="server-processes" className="admin-section">
        <h2 id="server-processes">Server processes</h2>
        <ScrollRegion label="Server processes">
          <ListTable<Process>
            scroll={false}
            columns={[
              { header: 'Process', rowHeader: true, cell: (row) => row.name },
              { header: 'Started', cell: (row) => time(row.startedAt) },
              { header: 'Last heartbeat', cell: (row) => time(row.lastHeartbeat) },
              { header: 'Heartbeat', cell: (row) => (row.stale ? 'stale' : 'alive') },
              { header: 'Job workers', cell: (row) => row.localWorkers },
              { header: 'Jobs held', cell: (row) => row.jobsHeld },
              { header: 'Tasks held', cell: (row) => row.tasksHeld },
              { header: 'Version', cell: (row) => row.serviceVersion },
            ]}
            rows={status.processes}
            rowKey={(row) => row.name}
            caption="Server processes and their heartbeats"
            empty="No server process has a heartbeat on record."
          />
        </ScrollRegion>
      </section>
      <section aria-labelledby="server-claims" className="admin-section">
        <h2 id="server-claims">Runners holding work</h2>
        <p>Job runners (local, Slurm, remote) and task runners holding jobs or tasks now, seen through their claims.</p>
        <ScrollRegion label="Runners holding work">
          <ListTable<Holder>
            scroll={false}
            columns={[
              { header: 'Runner', rowHeader: true, cell: (row) => row.name },
              { header: 'Kind', cell: (row) => row.kind },
              { header: 'Holding', cell: (row) => row.holding },
              { header: 'Last heartbeat', cell: (row) => time(row.lastHeartbeat) },
              { header: 'Heartbeat', cell: (row) => (row.stale ? 'stale' : 'alive') },
            ]}
            rows={status.claimHolders}
            rowKey={(row) => `${row.kind}|${row.name}`}
            caption="Runners holding jobs or tasks"
            empty="No runner holds a job or a task now."
          />
        </ScrollRegion>
      </section>
      <section aria-labelledby="server-queue" className="admin-section">
        <h2 id="server-queue">Job queue by destination</h2>
        <ScrollRegion label="Job queue by destination">
          <ListTable<Depth>
            scroll={false}
            columns={[
              { header: 'Destination', rowHeader: true, cell: (row) => row.destinationId ?? 'default' },
              { header: 'Waiting', cell: (row) => row.waiting },
              { header: 'At a runner', cell: (row) => row.dispatched },
            ]}
            rows={status.queue}
            rowKey={(row) => row.destinationId ?? ''}
            caption="Queued and running jobs by destination"
            empty="No job is queued or running."
          />
        </ScrollRegion>
      </section>
      <section aria-labelledby="server-configuration" className="admin-section">
        <h2 id="server-configuration">Configuration in force</h2>
        <ScrollRegion label="Configuration in force">
          <ListTable<Setting>
            scroll={false}
            columns={[
              { header: 'Setting', rowHeader: true, cell: (row) => <code>{row.key}</code> },
              { header: 'Value', cell: (row) => (row.secret ? <em>hidden</em> : <span className="admin-details">{row.value}</span>) },
            ]}
            rows={status.configuration}
            rowKey={(row) => row.key}
            caption="Configuration in force, secrets hidden"
            empty="—"
          />
        </ScrollRegion>
      </section>
    </Page>
  );
}
