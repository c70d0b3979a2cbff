import { pauseJobsWithFailedInputs, recoverStaleJobs } from './job-claims';
import { logLoopFailure } from '../logging/loop-failure';
import type { JobRouting } from './job-routing';
import type { JobRunner, JobRunnerDeps } from './job-runner';
import { LocalJobRunner, type LocalRunnerSettings } from './local-runner';

export interface JobEngineSettings extends LocalRunnerSettings {
  /** Local worker loops; 0 leaves every local job to remote runners. */
  workers: number;
  /** A running job whose heartbeat is older than this goes back to the queue. */
  staleSeconds: number;
  maxAttempts: number;
}

export interface JobEngineDeps extends JobRunnerDeps {
  /**
   * The runners of this process, one per plugin kind of job_conf.xml (runner-plugins.ts). Without
   * them, the local runner alone, with the settings' workers (none when they are 0).
   */
  runners?: JobRunner[];
}

/**
 * The jobs of this process: it starts its runners (the local runner, a batch system's), wakes them
 * when a job is queued here or in another process (the job_queued signal), and sweeps the shared
 * queue: jobs of a crashed process (their heartbeat stale) go back to the queue, and jobs whose
 * inputs failed are paused.
 */
export class JobEngine {
  private sweeper: NodeJS.Timeout | null = null;
  /** When the last sweep of the shared queue ended (`/ready`: the job workers' loop is alive). */
  private lastSweepAt: number | null = null;
  private startedAt: number | null = null;
  private offRecovered: (() => void) | null = null;
  private readonly runners: JobRunner[];

  constructor(
    private readonly deps: JobEngineDeps,
    private readonly settings: JobEngineSettings,
  ) {
    this.runners = deps.runners ?? (settings.workers > 0 ? [new LocalJobRunner(deps, settings)] : []);
  }

  /** The runner of a plugin kind ('local', 'slurm'), when this process has one. */
  runner(kind: string): JobRunner | undefined {
    return this.runners.find((runner) => runner.kind === kind);
  }

  get routing(): JobRouting {
    return this.deps.routing;
  }

  async start(): Promise<void> {
    const { config } = this.deps.routing;
    for (const notice of config.notices) this.deps.log.info({ jobConfig: config.source, notice }, 'job configuration');
    const recovered = await recoverStaleJobs(this.deps.orm.em.fork(), this.settings.staleSeconds, this.settings.maxAttempts);
    if (recovered) this.deps.log.warn({ recovered }, 'recovered jobs of a stopped process');
    this.deps.signals?.on('job_queued', this.onQueued);
    // The database back after an outage: runners claim at once, and the queue is swept now.
    this.offRecovered = this.deps.outage?.onRecovered(() => {
      this.notify();
      void this.sweep();
    }) ?? null;
    this.sweeper = setInterval(() => void this.sweep(), Math.max(1000, this.settings.heartbeatMs));
    this.startedAt = Date.now();
    for (const runner of this.runners) runner.start();
  }

  /** A job was queued (here, or in another process: the job_queued signal): the runners stop waiting for their next poll. */
  notify(): void {
    for (const runner of this.runners) runner.notify();
  }

  private readonly onQueued = () => this.notify();

  async stop(): Promise<void> {
    this.deps.signals?.off('job_queued', this.onQueued);
    this.offRecovered?.();
    this.offRecovered = null;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await Promise.all(this.runners.map((runner) => runner.stop()));
  }

  private async sweep(): Promise<void> {
    try {
      const em = this.deps.orm.em.fork();
      await recoverStaleJobs(em, this.settings.staleSeconds, this.settings.maxAttempts);
      await pauseJobsWithFailedInputs(em);
    } catch (error) {
      logLoopFailure(this.deps.log, error, 'job sweep failed');
    } finally {
      this.lastSweepAt = Date.now();
    }
  }

  /**
   * Whether this process's job workers are alive, for `/ready`: null when they are (or when the
   * process runs none), else why not (never started, stopped, or their loop stalled).
   */
  workersProblem(now = Date.now()): string | null {
    if (this.runners.length === 0) return null;
    if (this.sweeper === null) return 'the job workers are not running';
    const interval = Math.max(1000, this.settings.heartbeatMs);
    const since = this.lastSweepAt ?? this.startedAt;
    if (since !== null && now - since > 3 * interval + 5000) return `the job workers' loop has not run for ${Math.round((now - since) / 1000)} s`;
    return null;
  }
}
