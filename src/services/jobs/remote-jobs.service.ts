import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../../context/service-context';
import { Job } from '../../entities/job.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { secretsEqual } from '../../auth/secrets';
import { claimNextJob, heartbeat, setOutputsRunning } from '../../jobs/job-claims';
import { prepareCommand } from '../../jobs/job-command';
import { finishJob } from '../../jobs/job-finish';
import { RESUBMIT_CONDITIONS, type ResubmitCondition } from '../../jobs/job-conf';
import { recordRunEnd } from '../../jobs/job-resubmit';
import { loadJob } from '../../jobs/job-loading';
import { type JobRunResult, tail } from '../../jobs/job-result';
import { JobWorkspace } from '../../jobs/job-workspace';
import type { JobEngine } from '../../jobs/job-engine';
import type { ToolCatalogService } from '../tools';

/** What a remote runner receives for a claimed job. */
export interface RemoteJobSpec {
  id: string;
  jobKey: string;
  /** This claim: heartbeats and the report that carry it are refused once the job was taken back. */
  claimId: string;
  toolId: string;
  commandLine: string;
  jobDirectory: string;
  workingDirectory: string;
  timeoutSeconds: number;
  inputs: Array<{ path: string }>;
  outputs: Array<{ name: string; path: string }>;
}

export interface RemoteJobResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  startEpoch: number;
  endEpoch: number;
  runnerName: string;
  failure?: string | null;
  /**
   * The limit that stopped the run, when one did (a runner's time limit: `walltime_reached`): the
   * destination's `<resubmit>` rules apply to it as to a local or Slurm run. Runners older than this
   * field send none: their runs are recorded as failures, as before.
   */
  limitReached?: string | null;
  /** What the runner measured of its command (older runners send none: no such metrics). */
  memoryPeakBytes?: number | null;
  cpuUserSeconds?: number | null;
  cpuSystemSeconds?: number | null;
}

/** A reported measure: absent, or a finite number not below zero (anything else is refused, naming the field). */
function measureOf(name: string, value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (Number.isFinite(value) && value >= 0) return value;
  throw new AppError('RequestParameterInvalidException', `${name} must be a number not below 0 (or null), not ${value}.`);
}

/** A reported limit, read strictly: an unknown word is refused rather than taken for no limit. */
function limitOf(value: string | null | undefined): ResubmitCondition | null {
  if (value === null || value === undefined) return null;
  if ((RESUBMIT_CONDITIONS as readonly string[]).includes(value)) return value as ResubmitCondition;
  throw new AppError('RequestParameterInvalidException', `limitReached must be one of ${RESUBMIT_CONDITIONS.join(', ')} (or null), not ${JSON.stringify(value)}.`);
}

/**
 * The server side of remote runners: they claim queued jobs with a runner token the operator
 * configured (RUNNER_TOKENS), move files through the job files API, keep their claim alive with
 * heartbeats, and report completion. Every call after the claim carries the job's job_key.
 */
export class RemoteJobsService {
  constructor(private readonly jobEngine: JobEngine, private readonly tools: ToolCatalogService) {}

  async claim(ctx: ServiceContext, runnerName: string): Promise<RemoteJobSpec | null> {
    const runner = this.requireRunner(ctx);
    const name = `remote:${runnerName || runner}`;
    // One handler per claim, so that a runner whose job was recovered and handed to another runner
    // (with the same name) can no longer keep it alive nor report it.
    const handler = `${name}:${randomBytes(6).toString('hex')}`;
    const em = ctx.em;
    const jobId = await claimNextJob(em, 'remote', handler, this.jobEngine.routing);
    if (jobId === null) return null;
    const { layout, ids, config } = ctx.services;
    const { tools } = this;
    const loaded = await loadJob(em, jobId);
    const workspace = new JobWorkspace(layout.jobDirectory(jobId));
    await workspace.create();
    await setOutputsRunning(em, [jobId]);
    let command: string;
    try {
      command = await prepareCommand(loaded, workspace, tools.registry, layout.objects, ids, layout.tmp);
    } catch (error) {
      const message = `Job could not be prepared: ${error instanceof Error ? error.message : String(error)}`;
      const now = Date.now() / 1000;
      await finishJob(em, jobId, workspace, layout.objects, { exitCode: -1, stdout: '', stderr: message, startEpoch: now, endEpoch: now, failure: message, runnerName: name }, ctx.log, handler);
      return this.claim(ctx, runnerName);
    }
    loaded.job.commandLine = command;
    loaded.job.externalId = name;
    await em.flush();
    return {
      id: ids.encode(jobId),
      jobKey: ids.encode(jobId, 'jobs_files'),
      claimId: handler,
      toolId: loaded.job.toolId,
      commandLine: command,
      jobDirectory: workspace.root,
      workingDirectory: workspace.workingDir,
      // As a local command's: a walltime limit of job_conf.xml shortens it (the runner reports reaching it).
      timeoutSeconds: this.jobEngine.routing.commandTimeLimit(config.jobs.timeoutSeconds),
      inputs: loaded.inputs.filter((input) => input.hda).map((input) => ({ path: workspace.inputPath(input.hda!.dataset.id) })),
      outputs: loaded.outputs.filter((output) => output.hda).map((output) => ({ name: output.name, path: workspace.outputPath(output.hda!.dataset.id) })),
    };
  }

  /**
   * False tells the runner to stop: the job was cancelled, or taken back (recovered after missed
   * heartbeats, then maybe claimed again). `claimId` (what the claim returned) ties the heartbeat to
   * that one claim; without it any remote claim of the job is kept alive.
   */
  async heartbeat(ctx: ServiceContext, encodedId: string, jobKey: string, claimId?: string | null): Promise<boolean> {
    this.requireRunner(ctx);
    const job = await this.jobFor(ctx, encodedId, jobKey);
    const handler = claimId ?? job.handler;
    if (!handler || job.runner !== 'remote') return false;
    return heartbeat(ctx.em, job.id, handler);
  }

  async complete(ctx: ServiceContext, encodedId: string, jobKey: string, result: RemoteJobResult, claimId?: string | null): Promise<Job> {
    this.requireRunner(ctx);
    const job = await this.jobFor(ctx, encodedId, jobKey);
    if (job.state !== 'running' || job.runner !== 'remote') {
      throw new AppError('ItemAccessibilityException', 'Attempting to read or modify the files of a job that has already completed.');
    }
    if (claimId && job.handler !== claimId) throw new AppError('ItemAccessibilityException', 'The job was taken back from this runner.');
    const { layout } = ctx.services;
    const limitReached = limitOf(result.limitReached);
    const measured = {
      memoryPeakBytes: measureOf('memoryPeakBytes', result.memoryPeakBytes),
      cpuUserSeconds: measureOf('cpuUserSeconds', result.cpuUserSeconds),
      cpuSystemSeconds: measureOf('cpuSystemSeconds', result.cpuSystemSeconds),
    };
    const run: JobRunResult = {
      exitCode: result.exitCode,
      stdout: tail(result.stdout),
      stderr: tail(result.stderr),
      startEpoch: result.startEpoch,
      endEpoch: result.endEpoch,
      failure: result.failure ?? null,
      runnerName: result.runnerName,
      limitReached,
      ...measured,
    };
    // A run stopped by a limit its destination resubmits for goes on to the rule's destination (state `resubmitted`).
    const outcome = await recordRunEnd(ctx.em, this.jobEngine.routing, job.id, new JobWorkspace(layout.jobDirectory(job.id)), layout.objects, run, ctx.log, job.handler);
    if (outcome === 'dropped') throw new AppError('ItemAccessibilityException', 'The job was taken back from this runner.');
    return ctx.em.findOneOrFail(Job, { id: job.id }, { refresh: true });
  }

  private requireRunner(ctx: ServiceContext): string {
    if (!ctx.caller.runnerName) throw new AppError('AuthenticationRequired', 'A runner token is required for this request');
    return ctx.caller.runnerName;
  }

  private async jobFor(ctx: ServiceContext, encodedId: string, jobKey: string): Promise<Job> {
    const id = (() => {
      try {
        return ctx.services.ids.decode(encodedId);
      } catch {
        throw errors.malformedId();
      }
    })();
    if (!secretsEqual(jobKey, ctx.services.ids.encode(id, 'jobs_files'))) throw errors.notAccessible('Invalid job_key supplied.');
    const job = await ctx.em.findOne(Job, { id });
    if (!job) throw errors.notFound(`No Job found with id: ${encodedId}`);
    return job;
  }
}
