import { createHash, randomBytes } from 'node:crypto';
import { logLoopFailure } from '../../logging/loop-failure';
import { timedSlurmPoll } from '../../observability/slurm-observations';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { nativeSpecificationArgs } from '../job-conf';
import { claimNextJob } from '../job-claims';
import type { JobRunner, JobRunnerDeps } from '../job-runner';
import { prepareCommand } from '../job-command';
import { finishJob } from '../job-finish';
import { loadJob } from '../job-loading';
import { type JobRunResult, tail } from '../job-result';
import { recordRunEnd } from '../job-resubmit';
import { JobWorkspace } from '../job-workspace';
import { AccountingReader } from './accounting-reader';
import { BatchJobFiles, writeJobScript } from './job-script';
import { jobUse } from './job-use';
import { SlurmCommandError } from './slurm-cli';
import type { SlurmClient, SlurmJobStatus } from './slurm-client';
import type { SlurmUsage } from './slurm-usage';
import {
  adoptOrphans,
  CANCELLING,
  type HeldJob,
  holdToFinish,
  markRunning,
  recordExternalStates,
  recordSubmission,
  releaseAll,
  releaseEnded,
  renewHeldJobs,
} from './slurm-jobs';
import { failureOf, limitReachedOf, phaseOf, stateWord } from './slurm-states';

/** What every job runner has, and Slurm's commands. */
export interface SlurmRunnerDeps extends JobRunnerDeps {
  slurm: SlurmClient;
}

export interface SlurmRunnerSettings {
  /** How often this process asks Slurm about all of its jobs (one squeue). */
  pollMs: number;
  /** The job configuration's walltime limit, for destinations whose specification sets no --time. */
  walltimeSeconds: number | null;
}

/** Polls in a row in which Slurm knows nothing of a job before it counts as lost. */
const LOST_AFTER_POLLS = 5;

/** Submissions a process makes at once (each prepares a job directory, then runs sbatch). */
const SUBMITTERS = 4;

/** Ended jobs a process records at once. */
const FINISHERS = 4;

/**
 * Runs the jobs routed to Slurm destinations. A dispatcher claims them from PostgreSQL (as local
 * workers do), writes each job's script into its directory on the shared filesystem and submits it
 * with sbatch; a monitor follows every job this process holds with one squeue per interval (sacct
 * for the jobs the controller has forgotten), marks them running, finishes them from the files they
 * wrote exactly as a local job finishes, and cancels in Slurm the jobs the platform no longer wants.
 * Jobs whose process stopped are adopted by another (a claim in PostgreSQL), so a restart loses
 * and resubmits none.
 */
export class SlurmRunner implements JobRunner {
  readonly kind = 'slurm';
  readonly handler = `${hostname()}:${process.pid}:slurm:${randomBytes(3).toString('hex')}`;
  private running = false;
  private readonly dispatchWake = new Set<() => void>();
  private readonly followWake = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private readonly misses = new Map<number, number>();
  /** What ended jobs used, from the cluster's accounting (sacct), when it keeps any. */
  private readonly accounting: AccountingReader;

  constructor(
    private readonly deps: SlurmRunnerDeps,
    private readonly settings: SlurmRunnerSettings,
  ) {
    this.accounting = new AccountingReader(deps.slurm, deps.log);
  }

  /** The job's name in Slurm: this installation (its data directory) and the platform's job id. */
  jobName(jobId: number): string {
    const installation = createHash('sha256').update(this.deps.layout.jobsRoot).digest('hex').slice(0, 8);
    return `galaxy-${installation}-${jobId}`;
  }

  /** Slurm commands this process ran, by command (benchmarks report the polls per minute). */
  get commandCounts(): ReadonlyMap<string, number> {
    return this.deps.slurm.calls;
  }

  start(): void {
    this.running = true;
    // Submitting and following are loops of their own: a long batch of submissions never delays the poll.
    for (let i = 0; i < SUBMITTERS; i += 1) this.loops.push(this.every(() => this.dispatch(), 'submitting jobs to Slurm failed', this.dispatchWake));
    this.loops.push(this.every(() => this.follow(), 'following Slurm jobs failed', this.followWake));
  }

  notify(): void {
    for (const wake of this.dispatchWake) wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const wake of [...this.dispatchWake, ...this.followWake]) wake();
    await Promise.all(this.loops);
    this.loops = [];
    await releaseAll(this.deps.orm.em.fork(), this.handler);
  }

  /** Runs `work` every poll interval (sooner when woken) until the runner stops. */
  private async every(work: () => Promise<void>, failure: string, wakes: Set<() => void>): Promise<void> {
    while (this.running) {
      try {
        await work();
      } catch (error) {
        logLoopFailure(this.deps.log, error, failure);
      }
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          wakes.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, this.settings.pollMs);
        wakes.add(wake);
      });
    }
  }

  /** Claims queued Slurm jobs and submits them until none is left (or the runner stops). */
  private async dispatch(): Promise<void> {
    while (this.running) {
      const jobId = await claimNextJob(this.deps.orm.em.fork(), 'slurm', this.handler, this.deps.routing);
      if (jobId === null) return;
      await this.submit(jobId).catch((error: unknown) => this.deps.log.error({ err: error, jobId }, 'submitting a job to Slurm failed'));
    }
  }

  private async submit(jobId: number): Promise<void> {
    const { layout, log, slurm, routing } = this.deps;
    const em = this.deps.orm.em.fork();
    const loaded = await loadJob(em, jobId);
    const name = this.jobName(jobId);
    if (loaded.job.attempts > 1) {
      // Claimed again after its process stopped: it may have reached Slurm before the process recorded it.
      const [existing] = await slurm.idsNamed(name);
      if (existing) {
        log.warn({ jobId, slurmJobId: existing }, 'job found in Slurm from an earlier claim; followed, not submitted again');
        await this.recorded(jobId, existing);
        return;
      }
    }
    const destination = routing.destination(loaded.job.destinationId ?? '');
    const workspace = new JobWorkspace(layout.jobDirectory(jobId));
    const files = new BatchJobFiles(workspace);
    let command: string;
    let nativeArgs: string[];
    try {
      if (!destination) throw new Error(`the destination '${loaded.job.destinationId}' is not in the job configuration`);
      nativeArgs = nativeSpecificationArgs(destination.nativeSpecification ?? '');
      if (this.settings.walltimeSeconds !== null && !nativeArgs.some((arg) => /^(-t|--time)(=|$)/.test(arg))) nativeArgs.push(`--time=${Math.ceil(this.settings.walltimeSeconds / 60)}`);
      await workspace.create();
      command = await prepareCommand(loaded, workspace, this.deps.tools, layout.objects, this.deps.ids, layout.tmp);
      loaded.job.commandLine = command;
      await em.flush();
      await writeJobScript(files, command, destination.env);
    } catch (error) {
      await this.failUnsubmitted(jobId, workspace, `Job could not be prepared: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    let slurmId: string;
    try {
      slurmId = await slurm.submit({ script: files.script, name, workingDir: workspace.workingDir, schedulerOutput: files.schedulerOutput, nativeArgs });
    } catch (error) {
      const reason = error instanceof SlurmCommandError ? error.message : String(error);
      await this.failUnsubmitted(jobId, workspace, `The job could not be submitted to Slurm: ${reason}`);
      return;
    }
    log.info({ jobId, slurmJobId: slurmId, destination: destination.id }, 'job submitted to Slurm');
    await this.recorded(jobId, slurmId);
  }

  private async recorded(jobId: number, slurmId: string): Promise<void> {
    const state = await recordSubmission(this.deps.orm.em.fork(), jobId, this.handler, slurmId);
    if (state === null) {
      // Another process holds the job now: this submission must not run beside its.
      this.deps.log.warn({ jobId, slurmJobId: slurmId }, 'job taken by another process while it was submitted; the submission is cancelled');
      await this.deps.slurm.cancel([slurmId]);
    }
  }

  /** A job that never reached Slurm ends in error like a local job that could not start. */
  private async failUnsubmitted(jobId: number, workspace: JobWorkspace, message: string): Promise<void> {
    const em = this.deps.orm.em.fork();
    await markRunning(em, this.handler, [jobId]);
    const now = Date.now() / 1000;
    const result: JobRunResult = { exitCode: -1, stdout: '', stderr: message, startEpoch: now, endEpoch: now, failure: message, runnerName: this.handler };
    await finishJob(em, jobId, workspace, this.deps.layout.objects, result, this.deps.log, this.handler);
    this.deps.log.warn({ jobId, reason: message }, 'job failed before Slurm ran it');
  }

  /** One look at every job this process follows: a single squeue (sacct for the forgotten ones). */
  private async follow(): Promise<void> {
    const { orm, slurm, log } = this.deps;
    const em = orm.em.fork();
    await adoptOrphans(em, this.handler);
    const held = (await renewHeldJobs(em, this.handler)).filter((job): job is HeldJob & { externalId: string } => job.externalId !== null && job.externalState !== null);
    if (held.length === 0) return;
    const { live, ended } = await timedSlurmPoll(async () => {
      const live = await slurm.liveStatuses();
      const forgotten = held.filter((job) => !live.has(job.externalId)).map((job) => job.externalId);
      return { live, ended: forgotten.length ? await slurm.endedStatuses(forgotten) : new Map<string, SlurmJobStatus>() };
    });

    const toCancel: Array<HeldJob & { externalId: string }> = [];
    const started: number[] = [];
    const seen = new Map<number, string>();
    const finished: Array<{ job: HeldJob & { externalId: string }; status: SlurmJobStatus | null }> = [];
    for (const job of held) {
      const status = live.get(job.externalId) ?? ended.get(job.externalId) ?? null;
      if (!status) {
        const misses = (this.misses.get(job.id) ?? 0) + 1;
        this.misses.set(job.id, misses);
        if (misses >= LOST_AFTER_POLLS) finished.push({ job, status: null });
        continue;
      }
      this.misses.delete(job.id);
      const phase = phaseOf(status.state);
      const wanted = job.state === 'queued' || job.state === 'running';
      if (phase === 'ended') finished.push({ job, status });
      else if (!wanted) {
        if (job.externalState !== CANCELLING) toCancel.push(job);
      } else {
        if (phase === 'running' && job.state === 'queued') started.push(job.id);
        if (stateWord(status.state) !== job.externalState) seen.set(job.id, stateWord(status.state));
      }
    }
    if (toCancel.length) {
      await slurm.cancel(toCancel.map((job) => job.externalId));
      for (const job of toCancel) seen.set(job.id, CANCELLING);
      log.info({ jobs: toCancel.map((job) => job.id) }, 'jobs no longer wanted cancelled in Slurm');
    }
    await recordExternalStates(em, this.handler, seen);
    await markRunning(em, this.handler, started);
    // What the ended jobs used (one sacct); one whose accounting record is not whole yet waits a poll or two.
    const { usage, later } = await this.accounting.read(finished.filter(({ job, status }) => status !== null && (job.state === 'queued' || job.state === 'running')).map(({ job }) => job));
    const ready = finished.filter(({ job }) => !later.has(job.id));
    // Jobs are finished a few at a time (each moves its outputs and records them in a transaction).
    let next = 0;
    const finisher = async () => {
      for (let index = next++; index < ready.length; index = next++) {
        const { job, status } = ready[index];
        this.misses.delete(job.id);
        await this.finish(job, status, usage.get(job.id)).catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'finishing a Slurm job failed'));
      }
    };
    await Promise.all(Array.from({ length: Math.min(FINISHERS, ready.length) }, finisher));
  }

  /** Records how a job ended in Slurm (status null: Slurm lost it), as a local job's end is recorded. */
  private async finish(job: HeldJob & { externalId: string }, status: SlurmJobStatus | null, usage?: SlurmUsage): Promise<void> {
    const { orm, layout, log } = this.deps;
    const em = orm.em.fork();
    const workspace = new JobWorkspace(layout.jobDirectory(job.id));
    const wanted = job.state === 'queued' || job.state === 'running';
    if (!wanted) {
      // Cancelled for the platform (or ended before the cancel): nothing of it is kept.
      await workspace.remove();
      await releaseEnded(em, job.id);
      return;
    }
    const files = new BatchJobFiles(workspace);
    const read = async (path: string) => (existsSync(path) ? readFile(path, 'utf8') : '');
    const [exitText, stdout, stderr, schedulerOutput, start, end, slots, memory, peakKb] = await Promise.all([
      read(files.exitCode),
      read(workspace.stdoutPath),
      read(workspace.stderrPath),
      read(files.schedulerOutput),
      read(files.metric('epoch_start')),
      read(files.metric('epoch_end')),
      read(files.metric('galaxy_slots')),
      read(files.metric('galaxy_memory_mb')),
      read(files.metric('memory_peak_kb')),
    ]);
    const finishedByItself = /^-?\d+\s*$/.test(exitText);
    const state = status?.state ?? 'LOST';
    const failure = status
      ? failureOf(state, finishedByItself, schedulerOutput)
      : 'This job failed because Slurm no longer knows it (it was lost: the controller forgot it and no accounting records it).';
    const slurmCode = Number((status?.exitCode ?? '').split(':')[0]);
    const exitCode = finishedByItself ? Number(exitText.trim()) : Number.isFinite(slurmCode) && status?.exitCode ? slurmCode : -1;
    const now = Date.now() / 1000;
    const startEpoch = Number(start) || now;
    const result: JobRunResult = {
      exitCode,
      stdout: tail(stdout),
      stderr: tail([stderr, failure ? schedulerOutput : ''].filter(Boolean).join('\n')),
      startEpoch,
      endEpoch: Number(end) || now,
      failure,
      limitReached: status ? limitReachedOf(state, schedulerOutput) : null,
      externalState: status ? stateWord(state) : null,
      runnerName: this.handler,
      slots: Number(slots) || null,
      memoryMb: Number(memory) || null,
      memoryPeakBytes: Number(peakKb) > 0 ? Number(peakKb) * 1024 : null,
      ...(await jobUse(files, usage)),
    };
    await holdToFinish(em, this.handler, job.id);
    await markRunning(em, this.handler, [job.id]);
    const outcome = await recordRunEnd(em, this.deps.routing, job.id, workspace, layout.objects, result, log, this.handler);
    // A resubmitted job is let go already (and may be another runner's by now).
    if (outcome !== 'resubmitted') await releaseEnded(em, job.id);
    log.info({ jobId: job.id, slurmJobId: job.externalId, slurmState: state, exitCode, failure, recorded: outcome === 'finished', outcome }, 'Slurm job finished');
  }
}
