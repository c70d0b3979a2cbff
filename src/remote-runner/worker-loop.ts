/** The claim loop: polls for jobs, runs up to `concurrency` at once, stops gracefully. */
import { mkdir } from 'node:fs/promises';
import type { Logger } from '../logging/logger';
import { RunnerProtocolError } from './graphql-client';
import { runJob, type JobOutcome, type RunJobOptions } from './run-job';
import type { JobFileTransfer, RemoteJob, RunnerApi, RunnerConfig } from './types';

export type WorkerLoopOptions = Pick<
  RunnerConfig,
  'workDir' | 'concurrency' | 'pollIntervalMs' | 'once' | 'name' | 'heartbeatIntervalMs' | 'killGraceMs'
> &
  Pick<RunJobOptions, 'reportAttempts' | 'reportRetryDelayMs'>;

export interface WorkerLoopDeps {
  api: RunnerApi;
  files: JobFileTransfer;
  log: Logger;
}

export interface WorkerSummary {
  claimed: number;
  reported: number;
  dropped: number;
  unreported: number;
}

export class WorkerLoop {
  private stopping = false;
  private readonly interrupt = new AbortController();
  private readonly active = new Set<Promise<void>>();
  private wake: (() => void) | null = null;
  private readonly summary: WorkerSummary = { claimed: 0, reported: 0, dropped: 0, unreported: 0 };

  constructor(
    private readonly options: WorkerLoopOptions,
    private readonly deps: WorkerLoopDeps,
  ) {}

  /**
   * Claims and runs jobs until stopped (or after one claim with `once`), then waits for the
   * running jobs. Rejects when claiming cannot succeed: a refused token, or any claim error with `once`.
   */
  async run(): Promise<WorkerSummary> {
    const { log } = this.deps;
    await mkdir(this.options.workDir, { recursive: true });
    log.info({ runner: this.options.name, concurrency: this.options.concurrency, once: this.options.once }, 'runner started');
    let fatal: unknown = null;
    while (!this.stopping) {
      if (this.active.size >= this.options.concurrency) {
        await this.pause(null);
        continue;
      }
      let job: RemoteJob | null;
      try {
        job = await this.deps.api.claim(this.options.name);
      } catch (error) {
        if (this.options.once || (error instanceof RunnerProtocolError && error.isAuthFailure)) {
          log.error({ err: error }, 'could not claim a job');
          fatal = error;
          this.stopping = true;
          break;
        }
        log.warn({ err: error }, 'claim failed; retrying after the poll interval');
        await this.pause(this.options.pollIntervalMs);
        continue;
      }
      if (this.options.once) this.stopping = true;
      // Started even when a stop arrived during the claim: the server already handed the job over.
      if (job) this.start(job);
      else if (!this.stopping) await this.pause(this.options.pollIntervalMs);
    }
    if (this.active.size > 0) log.info({ running: this.active.size }, 'waiting for running jobs');
    while (this.active.size > 0) await Promise.all([...this.active]);
    log.info(this.summary, 'runner stopped');
    if (fatal !== null) throw fatal;
    return { ...this.summary };
  }

  /** Stop claiming; running jobs finish and are reported. */
  stop(): void {
    this.stopping = true;
    this.wake?.();
  }

  /** Stop claiming and kill running jobs; they are reported as failed. */
  interruptJobs(): void {
    this.stop();
    this.interrupt.abort();
  }

  get runningJobs(): number {
    return this.active.size;
  }

  private start(job: RemoteJob): void {
    this.summary.claimed++;
    const options: RunJobOptions = {
      workDir: this.options.workDir,
      runnerName: this.options.name,
      heartbeatIntervalMs: this.options.heartbeatIntervalMs,
      killGraceMs: this.options.killGraceMs,
      reportAttempts: this.options.reportAttempts,
      reportRetryDelayMs: this.options.reportRetryDelayMs,
    };
    const running: Promise<void> = runJob(job, this.deps, options, this.interrupt.signal)
      .then((outcome: JobOutcome) => {
        this.summary[outcome.kind]++;
      })
      .catch((error: unknown) => {
        // runJob reports its own failures; reaching here is a bug, which must not stop the loop.
        this.summary.unreported++;
        this.deps.log.error({ err: error, jobId: job.id }, 'job crashed the runner');
      })
      .finally(() => {
        this.active.delete(running);
        this.wake?.();
      });
    this.active.add(running);
  }

  /** Sleeps `ms` (forever when null) or until a job ends or a stop is requested. */
  private pause(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = ms === null ? undefined : setTimeout(done, ms);
      this.wake = done;
    });
  }
}
