/** One claimed job end to end: download inputs, run, upload outputs, report, clean up. */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import type { Logger } from '../logging/logger';
import { mapServerPath, readTail, rewriteJobPaths, runCommand, type CommandResult } from './command';
import { RunnerProtocolError } from './graphql-client';
import type { JobFileTransfer, RemoteJob, RemoteJobResult, RunnerApi } from './types';

export interface RunJobDeps {
  api: RunnerApi;
  files: JobFileTransfer;
  log: Logger;
}

export interface RunJobOptions {
  workDir: string;
  runnerName: string;
  heartbeatIntervalMs: number;
  killGraceMs: number;
  /** Attempts at reporting when the server is unreachable (default 3). */
  reportAttempts?: number;
  reportRetryDelayMs?: number;
}

export type JobOutcome =
  /** The server accepted the result. */
  | { kind: 'reported'; result: RemoteJobResult; state: string }
  /** A heartbeat answered false: the job was abandoned without a report. */
  | { kind: 'dropped' }
  /** The result could not be delivered. */
  | { kind: 'unreported'; result: RemoteJobResult; error: unknown };

/** A failure of the runner (not of the tool), reported as `failure`. */
class RunnerFailure extends Error {}

/** Job ids become a directory name: refuse anything that could leave the work directory. */
const SAFE_ID = /^[A-Za-z0-9_-]+$/;

/**
 * Runs `job` and reports it. `interrupt` (the runner being force-stopped) kills the command and
 * reports a failure; a heartbeat answered `false` kills it and reports nothing.
 */
export async function runJob(job: RemoteJob, deps: RunJobDeps, options: RunJobOptions, interrupt?: AbortSignal): Promise<JobOutcome> {
  const log = deps.log.child({ jobId: job.id, toolId: job.toolId });
  const control = new AbortController();
  let dropped = false;
  const onInterrupt = () => control.abort(new Error('interrupted'));
  if (interrupt?.aborted) onInterrupt();
  else interrupt?.addEventListener('abort', onInterrupt, { once: true });

  let heartbeatInFlight = false;
  const heartbeat = setInterval(() => {
    if (heartbeatInFlight || control.signal.aborted) return;
    heartbeatInFlight = true;
    deps.api
      .heartbeat(job.id, job.jobKey, job.claimId ?? null)
      .then((wanted) => {
        if (wanted) return;
        log.warn('server no longer wants this job; dropping it');
        dropped = true;
        control.abort(new Error('dropped'));
      })
      // A missed heartbeat is not fatal: the server decides when a silent job is lost.
      .catch((error: unknown) => log.warn({ err: error }, 'heartbeat failed'))
      .finally(() => {
        heartbeatInFlight = false;
      });
  }, options.heartbeatIntervalMs);

  const localDir = join(options.workDir, SAFE_ID.test(job.id) ? job.id : 'invalid-id');
  try {
    log.info({ localDir }, 'job claimed');
    const result = await execute(job, localDir, deps, options, control.signal, log);
    clearInterval(heartbeat);
    if (dropped) return { kind: 'dropped' };
    if (result.failure) log.warn({ exitCode: result.exitCode, failure: result.failure }, 'job failed');
    else log.info({ exitCode: result.exitCode, seconds: round(result.endEpoch - result.startEpoch) }, 'job finished');
    try {
      const completed = await reportWithRetries(job, result, deps.api, options, log);
      log.info({ state: completed.state }, 'job reported');
      return { kind: 'reported', result, state: completed.state };
    } catch (error) {
      log.error({ err: error }, 'could not report the job result');
      return { kind: 'unreported', result, error };
    }
  } finally {
    clearInterval(heartbeat);
    interrupt?.removeEventListener('abort', onInterrupt);
    await rm(localDir, { recursive: true, force: true }).catch((error: unknown) =>
      log.warn({ err: error, localDir }, 'could not remove the local job directory'),
    );
  }
}

async function execute(
  job: RemoteJob,
  localDir: string,
  deps: RunJobDeps,
  options: RunJobOptions,
  signal: AbortSignal,
  log: Logger,
): Promise<RemoteJobResult> {
  const startEpoch = Date.now() / 1000;
  let command: CommandResult | null = null;
  const runnerDir = join(localDir, '.runner');
  const stdoutPath = join(runnerDir, 'stdout');
  const stderrPath = join(runnerDir, 'stderr');
  const finish = async (failure: string | null, limitReached: RemoteJobResult['limitReached'] = null): Promise<RemoteJobResult> => ({
    exitCode: command ? command.exitCode : -1,
    stdout: command ? await readTail(stdoutPath) : '',
    stderr: command ? await readTail(stderrPath) : '',
    startEpoch: command ? command.startEpoch : startEpoch,
    endEpoch: command ? command.endEpoch : Date.now() / 1000,
    runnerName: options.runnerName,
    failure,
    limitReached,
    memoryPeakBytes: command?.memoryPeakBytes ?? null,
    cpuUserSeconds: command?.cpuUserSeconds ?? null,
    cpuSystemSeconds: command?.cpuSystemSeconds ?? null,
  });

  try {
    if (!SAFE_ID.test(job.id)) throw new RunnerFailure(`Job id ${JSON.stringify(job.id)} cannot be used as a directory name`);
    const plan = planPaths(job, localDir);
    await rm(localDir, { recursive: true, force: true }); // left over from a crashed runner
    for (const dir of ['inputs', 'outputs', 'working', '.runner']) await mkdir(join(localDir, dir), { recursive: true });
    await mkdir(plan.cwd, { recursive: true });

    for (const input of plan.inputs) {
      signal.throwIfAborted();
      log.debug({ path: input.server }, 'downloading input');
      await deps.files.download(job, input.server, input.local, signal);
    }

    signal.throwIfAborted();
    const commandLine = rewriteJobPaths(job.commandLine, job.jobDirectory, localDir);
    log.debug({ commandLine }, 'running command');
    command = await runCommand({
      commandLine,
      cwd: plan.cwd,
      stdoutPath,
      stderrPath,
      timesPath: join(runnerDir, 'cpu_times'),
      timeoutSeconds: job.timeoutSeconds,
      signal,
      killGraceMs: options.killGraceMs,
      env: commandEnvironment(),
    });
    if (command.timedOut) return await finish(`Job exceeded the time limit of ${job.timeoutSeconds} seconds`, 'walltime_reached');
    signal.throwIfAborted();

    await uploadOutputs(job, localDir, plan.outputs, deps.files, signal, log);
    return await finish(null);
  } catch (error) {
    if (signal.aborted) return finish('The runner was stopped while the job was running');
    return finish(error instanceof Error ? error.message : String(error));
  }
}

interface PathPair {
  server: string;
  local: string;
}

/** Maps every server path before any work, so a bad path fails the job up front. */
function planPaths(job: RemoteJob, localDir: string): { inputs: PathPair[]; outputs: PathPair[]; cwd: string } {
  const root = posix.normalize(job.jobDirectory).replace(/\/+$/, '');
  if (!posix.isAbsolute(job.jobDirectory) || !root) {
    throw new RunnerFailure(`Job directory ${JSON.stringify(job.jobDirectory)} is not an absolute directory`);
  }
  const map = (serverPath: string, what: string): PathPair => {
    const local = mapServerPath(serverPath, root, localDir);
    if (!local) throw new RunnerFailure(`${what} path ${serverPath} is outside the job directory ${job.jobDirectory}`);
    return { server: serverPath, local };
  };
  const cwd = posix.normalize(job.workingDirectory).replace(/\/+$/, '') === root ? localDir : map(job.workingDirectory, 'Working directory').local;
  return {
    inputs: job.inputs.map((input) => map(input.path, 'Input')),
    outputs: job.outputs.map((output) => map(output.path, `Output ${output.name}`)),
    cwd,
  };
}

/** Declared outputs that exist, then any other file left under `outputs/`. */
async function uploadOutputs(
  job: RemoteJob,
  localDir: string,
  declared: PathPair[],
  files: JobFileTransfer,
  signal: AbortSignal,
  log: Logger,
): Promise<void> {
  const uploads: PathPair[] = [];
  const seen = new Set<string>();
  for (const output of declared) {
    if (seen.has(output.local) || !(await isFile(output.local))) continue;
    seen.add(output.local);
    uploads.push(output);
  }
  const outputsDir = join(localDir, 'outputs');
  const serverOutputs = `${job.jobDirectory.replace(/\/+$/, '')}/outputs`;
  for (const local of await listFiles(outputsDir)) {
    if (seen.has(local)) continue;
    seen.add(local);
    uploads.push({ local, server: `${serverOutputs}/${relative(outputsDir, local).split(sep).join('/')}` });
  }
  for (const upload of uploads) {
    signal.throwIfAborted();
    log.debug({ path: upload.server }, 'uploading output');
    await files.upload(job, upload.server, upload.local, signal);
  }
}

/** Follows symbolic links: tools often link an output to an input. */
async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Regular files (or links to them) below `dir`; linked directories are not entered, to avoid cycles. */
async function listFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await listFiles(path)));
    else if (entry.isFile() || (entry.isSymbolicLink() && (await isFile(path)))) found.push(path);
  }
  return found;
}

/** The tool gets the runner's environment minus its credential. */
function commandEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.RUNNER_TOKEN;
  return env;
}

/** Retries only transport failures and server errors; a GraphQL refusal will not change. */
async function reportWithRetries(job: RemoteJob, result: RemoteJobResult, api: RunnerApi, options: RunJobOptions, log: Logger) {
  const attempts = options.reportAttempts ?? 3;
  const delayMs = options.reportRetryDelayMs ?? 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await api.complete(job.id, job.jobKey, result, job.claimId ?? null);
    } catch (error) {
      const retryable = !(error instanceof RunnerProtocolError) || (error.status !== null && error.status >= 500);
      if (!retryable || attempt >= attempts) throw error;
      log.warn({ err: error, attempt }, 'reporting failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
    }
  }
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
