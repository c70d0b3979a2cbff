import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { isDatabaseError, unreachableCause } from '../errors/database-errors';
import { logLoopFailure } from '../logging/loop-failure';
import { storageFailureText } from '../storage/storage-errors';
import { claimJobs, heartbeat, requeueHeldJob, setOutputsRunning, setOutputStates } from './job-claims';
import { finishJob } from './job-finish';
import { prepareCommand } from './job-command';
import { type LoadedJob, loadJobFresh } from './job-loading';
import { type JobRunResult, tail } from './job-result';
import { recordRunEnd } from './job-resubmit';
import type { JobRunner, JobRunnerDeps } from './job-runner';
import { JobWorkspace } from './job-workspace';
import { killLeftoverProcesses } from './leftover-processes';
import { runCommand } from './local-command';
import { removeUploadedFiles, runUpload } from './upload-run';
import { retryWhileUnreachable } from './when-reachable';

export interface LocalRunnerSettings {
  /** Worker loops; each runs one job at a time. */
  workers: number;
  /** How often idle workers look for jobs while signals may be missed (not listening). */
  pollMs: number;
  /** How often idle workers look for jobs while listening (a queued job or a ready input wakes them at once). */
  signalledPollMs?: number;
  /** The most jobs one claim statement takes (never more than the idle workers). */
  claimBatch?: number;
  timeoutSeconds: number;
  heartbeatMs: number;
  maxUploadBytes: number;
  /** Lets upload URLs reach private addresses (ALLOW_PRIVATE_URL_FETCH); public addresses only when absent. */
  allowPrivateUrlFetch?: boolean;
  /** How long a result waits for an unreachable database to be recorded (the engine's stale interval; 60 s when absent). */
  staleSeconds?: number;
}

/**
 * The `local` runner: worker loops in this process that claim local jobs from PostgreSQL (SKIP
 * LOCKED, so several processes and remote runners share the queue), prepare the workspace, run the
 * command with bash under a time limit with heartbeats (`local-command.ts`), or an upload in this
 * process, and record the result (`job-finish.ts`; a run stopped by its time limit may be resubmitted
 * to another destination instead: `job-resubmit.ts`).
 */
export class LocalJobRunner implements JobRunner {
  readonly kind = 'local';
  readonly handler = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private running = false;
  /** The worker loops waiting for a job (each woken by a queued job, or its poll). */
  private readonly waiting = new Set<() => void>();
  private loops: Promise<void>[] = [];
  /** Jobs claimed for the idle workers, not yet picked up (never more than those workers). */
  private readonly claimed: number[] = [];
  /** Workers not running a job. */
  private idle = 0;
  /** The claim statement in flight: idle workers share it rather than each sending their own. */
  private claiming: Promise<void> | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly deps: JobRunnerDeps,
    private readonly settings: LocalRunnerSettings,
  ) {}

  /** A local command's time limit: JOB_TIMEOUT_SECONDS, or the job configuration's walltime when shorter. */
  private get timeoutSeconds(): number {
    return this.deps.routing.commandTimeLimit(this.settings.timeoutSeconds);
  }

  start(): void {
    this.running = true;
    for (let i = 0; i < this.settings.workers; i += 1) this.loops.push(this.loop());
  }

  notify(): void {
    for (const wake of [...this.waiting]) wake();
  }

  /** Jobs interrupted by the stop go straight back to the queue for the next start. */
  async stop(): Promise<void> {
    this.running = false;
    this.abort.abort();
    this.notify();
    await Promise.all(this.loops);
    const em = this.deps.orm.em.fork();
    const rows = await em.execute<Array<{ id: number }>>(
      "update job set state = 'queued', handler = null, update_time = now() where handler = ? and state = 'running' returning id",
      [this.handler],
    );
    await setOutputStates(em, rows.map((row) => Number(row.id)), 'queued', null);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      this.idle += 1;
      let jobId: number | null = null;
      try {
        jobId = await this.nextJob();
      } catch (error) {
        logLoopFailure(this.deps.log, error, 'claiming a job failed');
      } finally {
        this.idle -= 1;
      }
      if (jobId === null) {
        if (!this.running) break;
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.waiting.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, this.pollInterval);
          this.waiting.add(wake);
        });
        continue;
      }
      await this.runOne(jobId).catch((error: unknown) => this.runFailed(jobId, error));
    }
  }

  private get staleMs(): number {
    return (this.settings.staleSeconds ?? 60) * 1000;
  }

  /**
   * A run that failed outside its command. When the database went away before the command ran, the
   * job goes back to the queue as soon as the database is back (claimed again at once), instead of
   * waiting out the stale interval. Another database failure (a deadlock, a statement cut short)
   * leaves it to the sweep, which runs it again after the stale interval (bounded by its attempts).
   * A failure outside the database (its directory could not be made, its files not read) ends the
   * job in error with the reason, naming no server path: left claimed, the sweep would take it back
   * and meet the same failure again, and again.
   */
  private async runFailed(jobId: number, error: unknown): Promise<void> {
    logLoopFailure(this.deps.log, error, 'job run failed', { jobId });
    if (this.abort.signal.aborted) return; // stopping: stop() puts it back in the queue
    if (unreachableCause(error) === undefined) {
      if (!isDatabaseError(error)) await this.endInError(jobId, `The job could not be run: ${storageFailureText(error)}`);
      return;
    }
    try {
      await retryWhileUnreachable(() => requeueHeldJob(this.deps.orm.em.fork(), jobId, this.handler), this.deps.outage, this.staleMs);
      this.deps.log.info({ jobId }, 'job put back in the queue once the database was back');
      this.notify();
    } catch (requeueError) {
      logLoopFailure(this.deps.log, requeueError, 'putting a job back in the queue failed', { jobId });
    }
  }

  private async endInError(jobId: number, failure: string): Promise<void> {
    const now = Date.now() / 1000;
    const result: JobRunResult = { exitCode: -1, stdout: '', stderr: '', startEpoch: now, endEpoch: now, failure, runnerName: this.handler };
    const workspace = new JobWorkspace(this.deps.layout.jobDirectory(jobId));
    try {
      await finishJob(this.deps.orm.em.fork(), jobId, workspace, this.deps.layout.objects, result, this.deps.log, this.handler);
    } catch (finishError) {
      logLoopFailure(this.deps.log, finishError, 'ending a job that could not be run failed', { jobId });
    }
  }

  /** The slow poll while signals arrive; the configured one while they may be missed. */
  private get pollInterval(): number {
    const { pollMs, signalledPollMs } = this.settings;
    return this.deps.signals?.listening && signalledPollMs ? Math.max(pollMs, signalledPollMs) : pollMs;
  }

  /**
   * A job for this worker: one claimed already, or one of a batch claimed now for the idle workers
   * (one statement for all of them; the others are woken to take theirs).
   */
  private async nextJob(): Promise<number | null> {
    const ready = this.claimed.shift();
    if (ready !== undefined) return ready;
    if (!this.claiming) {
      this.claiming = this.claimBatch().finally(() => {
        this.claiming = null;
      });
    }
    await this.claiming;
    return this.claimed.shift() ?? null;
  }

  private async claimBatch(): Promise<void> {
    const want = Math.max(1, Math.min(this.settings.claimBatch ?? 1, this.idle));
    const ids = await claimJobs(this.deps.orm.em.fork(), 'local', this.handler, this.deps.routing, want);
    if (!this.running) {
      // Stopping meanwhile: stop() puts every running job of this handler back in the queue.
      return;
    }
    this.claimed.push(...ids);
    if (ids.length > 1) this.notify();
  }

  private async runOne(jobId: number): Promise<void> {
    const { layout, log } = this.deps;
    const em = this.deps.orm.em.fork();
    const loaded = await loadJobFresh(em, jobId);
    const workspace = new JobWorkspace(layout.jobDirectory(jobId));
    if (loaded.job.attempts > 1) {
      // A re-run after a crash: the earlier run's command may still be at work in the directory.
      const killed = await killLeftoverProcesses(workspace.root);
      if (killed) log.warn({ jobId, killed }, 'killed processes left by an interrupted run of this job');
    }
    await workspace.create();
    await setOutputsRunning(em, [jobId]);
    log.info({ jobId, toolId: loaded.job.toolId }, 'job started');
    let result: JobRunResult;
    if (loaded.job.toolId === 'upload1') {
      // Uploads run in this process (a URL may take long): keep the claim alive meanwhile.
      const urlPolicy = { allowPrivate: this.settings.allowPrivateUrlFetch ?? false };
      result = await this.whileHeartbeating(jobId, () => runUpload(loaded, workspace, layout.uploadStore, this.settings.maxUploadBytes, this.handler, urlPolicy));
    } else {
      result = await this.runTool(em, loaded, workspace);
    }
    if (this.abort.signal.aborted && result.failure) return; // stopping: stop() re-queues it
    // A run that ended while the database is away is recorded as soon as it is back.
    const outcome = await retryWhileUnreachable(
      () => recordRunEnd(em, this.deps.routing, jobId, workspace, layout.objects, result, log, this.handler),
      this.deps.outage,
      this.staleMs,
      () => log.info({ jobId }, 'job ended while the database is unreachable; its result is recorded when it is back'),
    );
    if (outcome === 'finished' && loaded.job.toolId === 'upload1') await removeUploadedFiles(loaded, layout.uploadStore);
    log.info({ jobId, exitCode: result.exitCode, failure: result.failure, outcome }, 'job finished');
  }

  private async whileHeartbeating<T>(jobId: number, work: () => Promise<T>): Promise<T> {
    const beat = setInterval(() => {
      heartbeat(this.deps.orm.em.fork(), jobId, this.handler).catch((error: unknown) => logLoopFailure(this.deps.log, error, 'heartbeat failed', { jobId }));
    }, this.settings.heartbeatMs);
    try {
      return await work();
    } finally {
      clearInterval(beat);
    }
  }

  private async runTool(em: EntityManager, loaded: LoadedJob, workspace: JobWorkspace): Promise<JobRunResult> {
    const startEpoch = Date.now() / 1000;
    let command: string;
    try {
      command = await prepareCommand(loaded, workspace, this.deps.tools, this.deps.layout.objects, this.deps.ids, this.deps.layout.tmp);
    } catch (error) {
      const message = `Job could not be prepared: ${error instanceof Error ? error.message : String(error)}`;
      return { exitCode: -1, stdout: '', stderr: message, startEpoch, endEpoch: Date.now() / 1000, failure: message, runnerName: this.handler };
    }
    loaded.job.commandLine = command;
    await em.flush();
    const run = await runCommand(command, workspace, {
      timeoutSeconds: this.timeoutSeconds,
      heartbeatMs: this.settings.heartbeatMs,
      heartbeat: () => heartbeat(this.deps.orm.em.fork(), loaded.job.id, this.handler),
      signal: this.abort.signal,
    });
    const [stdout, stderr] = await Promise.all([readFile(workspace.stdoutPath, 'utf8'), readFile(workspace.stderrPath, 'utf8')]);
    const { timedOut, ...ended } = run;
    return { ...ended, limitReached: timedOut ? 'walltime_reached' : null, stdout: tail(stdout), stderr: tail(stderr), runnerName: this.handler };
  }
}
