import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the database-backed gauges read when they are scraped (the process's live platform). */
export interface MetricsSources {
  /** Jobs by state and destination now (one statement; the same figure in every process). */
  jobCounts(): Promise<Array<{ state: string; destination: string; count: number }>>;
  /** The database pool of this process: connections in use, idle, and requests waiting for one. */
  pool(): { used: number; free: number; pending: number } | null;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_SECONDS_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 24 * 3600];

/**
 * The platform's Prometheus metrics, one registry per process (`GET /metrics`, src/http/metrics-route.ts).
 * Counters and histograms count what this process did; behind the cluster primary (WEB_CONCURRENCY > 1)
 * the processes' registries are summed (src/observability/cluster-metrics.ts). Gauges read from the
 * database (jobs by state) are the same in every process: they are taken once, not summed.
 */
export class PlatformMetrics {
  readonly registry = new Registry();
  private sources: MetricsSources | null = null;

  readonly httpRequests = new Histogram({
    name: 'platform_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status, with their duration.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly graphqlOperations = new Histogram({
    name: 'platform_graphql_operation_duration_seconds',
    help: 'GraphQL operations (over HTTP; the REST shim runs its own) by operation name, type and outcome.',
    labelNames: ['operation', 'type', 'outcome'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly jobQueueWait = new Histogram({
    name: 'platform_job_queue_wait_seconds',
    help: 'Time from a job being created to it starting to run, by destination (jobs finished by this process).',
    labelNames: ['destination'] as const,
    buckets: JOB_SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly jobRunTime = new Histogram({
    name: 'platform_job_run_seconds',
    help: 'Time a job ran, by destination and final state (jobs finished by this process).',
    labelNames: ['destination', 'state'] as const,
    buckets: JOB_SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly slurmPolls = new Histogram({
    name: 'platform_slurm_poll_duration_seconds',
    help: "Duration of the Slurm runner's looks at its jobs (squeue, then sacct for the forgotten ones).",
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly slurmPollErrors = new Counter({
    name: 'platform_slurm_poll_errors_total',
    help: "The Slurm runner's looks at its jobs that failed (Slurm's commands did not answer or failed).",
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'platform_' });
    const metrics = this;
    new Gauge({
      name: 'platform_jobs',
      help: 'Jobs by state and job_conf.xml destination, as the database holds them now.',
      labelNames: ['state', 'destination'] as const,
      registers: [this.registry],
      // The same figure in every process: behind the cluster primary it is taken once, not summed.
      aggregator: 'max',
      async collect() {
        this.reset();
        const sources = metrics.sources;
        if (!sources) return;
        try {
          for (const row of await sources.jobCounts()) this.set({ state: row.state, destination: row.destination }, row.count);
        } catch {
          // The database is away: the figure is left out of this scrape (/ready says why).
        }
      },
    });
    // 1 in each process: behind the cluster primary the sum says how many processes this scrape gathered.
    new Gauge({
      name: 'platform_processes',
      help: 'Service processes whose figures this scrape holds (1 per process, summed behind the cluster primary).',
      registers: [this.registry],
      collect() {
        this.set(1);
      },
    });
    new Gauge({
      name: 'platform_database_pool_connections',
      help: "This process's database pool: connections in use, idle, and requests waiting for one.",
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        const pool = metrics.sources?.pool();
        if (!pool) return;
        this.set({ state: 'used' }, pool.used);
        this.set({ state: 'free' }, pool.free);
        this.set({ state: 'pending' }, pool.pending);
      },
    });
  }

  /** The live platform of this process reads the database-backed figures. */
  bind(sources: MetricsSources): void {
    this.sources = sources;
  }

  /** A platform that stops lets go of the figures (unless another was bound since). */
  unbind(sources: MetricsSources): void {
    if (this.sources === sources) this.sources = null;
  }
}

let instance: PlatformMetrics | null = null;

/** The process's metrics (made once; a test process running several platforms shares them). */
export function platformMetrics(): PlatformMetrics {
  instance ??= new PlatformMetrics();
  return instance;
}
