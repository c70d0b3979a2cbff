import { hostname } from 'node:os';
import type { ContextWith, ServiceContext } from '../../context/service-context';
import type { JobEngine } from '../../jobs/job-engine';
import { configurationInForce, type ConfigurationEntry } from './configuration-in-force';
import { diskUse, type DiskUse } from './disk-use';
import { SERVICE_VERSION } from './service-version';
import { slurmReachability, type SlurmReachability } from './slurm-reachability';

export interface DatabaseStatus {
  /** The embedded server of DATA_DIR, or DATABASE_URL's server. */
  embedded: boolean;
  /** PostgreSQL's version (`server_version`). */
  version: string;
  /** The database's size in bytes (`pg_database_size`). */
  sizeBytes: number;
}

/** A server process of this database, from its heartbeat row (`server_process`). */
export interface ServerProcessView {
  name: string;
  host: string;
  pid: number;
  startedAt: Date;
  lastHeartbeat: Date;
  /** Silent longer than JOB_STALE_SECONDS: stopped without saying so (killed), or hung. */
  stale: boolean;
  serviceVersion: string;
  localWorkers: number;
  /** Jobs and background tasks its runners hold now. */
  jobsHeld: number;
  tasksHeld: number;
}

/**
 * A holder of claims: the job runners (local workers, Slurm followers, remote runners) and task
 * runners holding jobs or background tasks now, each with its latest heartbeat. Remote runners are
 * seen only here.
 */
export interface WorkingProcess {
  /** The claim's name: `<host>:<pid>:<tag>` for a server process, the runner's name for a remote runner. */
  name: string;
  /** 'local', 'slurm', 'remote' (jobs) or 'tasks'. */
  kind: string;
  /** Jobs or tasks it holds now. */
  holding: number;
  lastHeartbeat: Date | null;
  /** Its heartbeat is older than JOB_STALE_SECONDS: the next sweep takes its work back. */
  stale: boolean;
}

export interface QueueDepth {
  destinationId: string | null;
  /** Queued and not yet taken by a runner. */
  waiting: number;
  /** Taken by a runner: running, or queued in a batch system. */
  dispatched: number;
}

export interface ServerStatus {
  /** The platform's release (15.05's API) and this service's version. */
  version: string;
  serviceVersion: string;
  /** The process answering: host, pid, since when. */
  thisProcess: { host: string; pid: number; startedAt: Date; nodeVersion: string };
  database: DatabaseStatus;
  processes: ServerProcessView[];
  claimHolders: WorkingProcess[];
  queue: QueueDepth[];
  slurm: SlurmReachability;
  dataDir: DiskUse;
  configuration: ConfigurationEntry[];
  jobsLocked: boolean;
}

const STARTED_AT = new Date(Date.now() - process.uptime() * 1000);

async function databaseStatus(ctx: ServiceContext): Promise<DatabaseStatus> {
  const [row] = await ctx.em.execute<Array<{ version: string; size: string | number }>>(
    "select current_setting('server_version') as version, pg_database_size(current_database()) as size",
  );
  return { embedded: ctx.services.db.embedded, version: row.version, sizeBytes: Number(row.size) };
}

async function serverProcesses(ctx: ServiceContext): Promise<ServerProcessView[]> {
  const rows = await ctx.em.execute<
    Array<{ name: string; host: string; pid: number; started_at: Date; heartbeat_time: Date; stale: boolean; service_version: string; local_workers: number; jobs: string | number; tasks: string | number }>
  >(
    `select p.name, p.host, p.pid, p.started_at, p.heartbeat_time, p.heartbeat_time < now() - (? * interval '1 second') as stale,
            p.service_version, p.local_workers,
            (select count(*) from job j where j.state in ('queued', 'running') and starts_with(j.handler, p.host || ':' || p.pid || ':')) as jobs,
            (select count(*) from background_task t where t.state = 'running' and starts_with(t.locked_by, p.host || ':' || p.pid || ':')) as tasks
       from server_process p order by p.host, p.pid, p.name`,
    [ctx.services.config.jobs.staleSeconds],
  );
  return rows.map((row) => ({
    name: row.name,
    host: row.host,
    pid: Number(row.pid),
    startedAt: new Date(row.started_at),
    lastHeartbeat: new Date(row.heartbeat_time),
    stale: row.stale,
    serviceVersion: row.service_version,
    localWorkers: Number(row.local_workers),
    jobsHeld: Number(row.jobs),
    tasksHeld: Number(row.tasks),
  }));
}

async function workingProcesses(ctx: ServiceContext): Promise<WorkingProcess[]> {
  const rows = await ctx.em.execute<Array<{ name: string; kind: string; holding: string | number; last: Date | null; stale: boolean }>>(
    `select handler as name, coalesce(runner, 'local') as kind, count(*) as holding, max(heartbeat_time) as last,
            coalesce(max(heartbeat_time) < now() - (? * interval '1 second'), false) as stale
       from job where handler is not null and state in ('queued', 'running') group by 1, 2
     union all
     select locked_by, 'tasks', count(*), max(heartbeat_time),
            coalesce(max(heartbeat_time) < now() - (? * interval '1 second'), false)
       from background_task where state = 'running' and locked_by is not null group by 1
     order by 1, 2`,
    [ctx.services.config.jobs.staleSeconds, ctx.services.config.jobs.staleSeconds],
  );
  return rows.map((row) => ({ name: row.name, kind: row.kind, holding: Number(row.holding), lastHeartbeat: row.last ? new Date(row.last) : null, stale: row.stale }));
}

async function queueDepth(ctx: ContextWith<{ jobEngine: JobEngine }>): Promise<QueueDepth[]> {
  const routing = ctx.services.jobEngine.routing;
  const routed = routing.configured ? routing.destinationOf('j') : null;
  const destination = routed ? `coalesce(j.destination_id, ${routed.sql})` : 'j.destination_id';
  const rows = await ctx.em.execute<Array<{ destination_id: string | null; waiting: string | number; dispatched: string | number }>>(
    `select ${destination} as destination_id,
            count(*) filter (where j.handler is null and j.external_state is null and j.state in ('queued', 'resubmitted')) as waiting,
            count(*) filter (where not (j.handler is null and j.external_state is null and j.state in ('queued', 'resubmitted'))) as dispatched
       from job j where j.state in ('queued', 'resubmitted', 'running') group by 1 order by 1`,
    routed?.params ?? [],
  );
  return rows.map((row) => ({ destinationId: row.destination_id, waiting: Number(row.waiting), dispatched: Number(row.dispatched) }));
}

async function jobsLocked(ctx: ServiceContext): Promise<boolean> {
  const rows = await ctx.em.execute<Array<{ locked: boolean }>>('select locked from job_lock where id = 1');
  return rows[0]?.locked ?? false;
}

/**
 * The server as an administrator checks it: versions, the database (embedded or a server, its
 * PostgreSQL version and size), the processes at work with their heartbeats, the queue by
 * destination, whether Slurm answers (when configured), DATA_DIR's filesystem, and the
 * configuration in force with its secrets hidden. A few statements and two Slurm commands at most,
 * side by side.
 */
export async function serverStatus(ctx: ContextWith<{ jobEngine: JobEngine }>): Promise<ServerStatus> {
  ctx.caller.requireAdmin();
  const { config } = ctx.services;
  const slurmConfigured = ctx.services.jobEngine.routing.destinationIdsOf('slurm').length > 0;
  const [database, processes, claimHolders, queue, slurm, dataDir, locked] = await Promise.all([
    databaseStatus(ctx),
    serverProcesses(ctx),
    workingProcesses(ctx),
    queueDepth(ctx),
    slurmReachability(slurmConfigured),
    diskUse(config.dataDir),
    jobsLocked(ctx),
  ]);
  return {
    version: `${config.version.major}.${config.version.minor}`,
    serviceVersion: SERVICE_VERSION,
    thisProcess: { host: hostname(), pid: process.pid, startedAt: STARTED_AT, nodeVersion: process.version },
    database,
    processes,
    claimHolders,
    queue,
    slurm,
    dataDir,
    configuration: configurationInForce(config),
    jobsLocked: locked,
  };
}
