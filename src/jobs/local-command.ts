import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JobCgroup } from './job-cgroup';
import type { JobWorkspace } from './job-workspace';
import { PeakMemory } from './process-tree-memory';
import { type CpuTimes, parseShellTimes, TIMED_COMMAND } from './shell-times';

export interface ProcessResult {
  exitCode: number;
  startEpoch: number;
  endEpoch: number;
  /** Why the process did not finish by itself: the time limit, or the job was taken away. */
  failure: string | null;
  /** Whether it was the time limit that stopped it. */
  timedOut: boolean;
  /** The peak resident memory of the command's processes: its cgroup's, or sampled (null where neither can say). */
  memoryPeakBytes: number | null;
  /** CPU time of the command's processes (its cgroup's, or what bash's `times` counted), when known. */
  cpuUserSeconds: number | null;
  cpuSystemSeconds: number | null;
}

export interface RunOptions {
  timeoutSeconds: number;
  /** Called every `heartbeatMs` while the command runs; false stops the command. */
  heartbeat: () => Promise<boolean>;
  heartbeatMs: number;
  /** Aborts the command (server shutdown). */
  signal?: AbortSignal;
}

/**
 * Runs a command line with bash in the workspace's working directory, in its own process group so
 * that a timeout or a cancellation kills everything it started. stdout/stderr go to files. What
 * it used is measured by a cgroup of its own where cgroup v2 allows one, else by sampling /proc
 * (memory) and bash's `times` (CPU).
 */
export async function runCommand(command: string, workspace: JobWorkspace, options: RunOptions): Promise<ProcessResult> {
  const cgroup = await JobCgroup.create(`job-${workspace.root.split('/').pop() ?? 'run'}`);
  const timesFile = join(workspace.root, 'metric_cpu_times');
  try {
    const run = await spawnCommand(command, workspace, options, timesFile, cgroup);
    const counted = await cgroup?.usage();
    const times: CpuTimes | null = parseShellTimes(await readFile(timesFile, 'utf8').catch(() => ''));
    return {
      ...run,
      memoryPeakBytes: counted?.memoryPeakBytes ?? run.memoryPeakBytes,
      cpuUserSeconds: counted?.cpuUserSeconds ?? times?.userSeconds ?? null,
      cpuSystemSeconds: counted?.cpuSystemSeconds ?? times?.systemSeconds ?? null,
    };
  } finally {
    await cgroup?.remove();
  }
}

function spawnCommand(command: string, workspace: JobWorkspace, options: RunOptions, timesFile: string, cgroup: JobCgroup | null): Promise<Omit<ProcessResult, 'cpuUserSeconds' | 'cpuSystemSeconds'>> {
  return new Promise((resolve, reject) => {
    const startEpoch = Date.now() / 1000;
    const stdout = createWriteStream(workspace.stdoutPath);
    const stderr = createWriteStream(workspace.stderrPath);
    const child = spawn('bash', ['-c', TIMED_COMMAND, 'bash', command, timesFile, cgroup?.path ?? ''], { cwd: workspace.workingDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(stdout);
    child.stderr.pipe(stderr);
    const memory = child.pid ? new PeakMemory(child.pid) : null;
    let failure: string | null = null;
    let timedOut = false;
    const kill = (reason: string, byTimeLimit = false) => {
      if (failure) return;
      failure = reason;
      timedOut = byTimeLimit;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => kill(`Job exceeded the time limit of ${options.timeoutSeconds} seconds`, true), options.timeoutSeconds * 1000);
    const beat = setInterval(() => {
      options
        .heartbeat()
        .then((keep) => (keep ? undefined : kill('The job was cancelled.')))
        .catch(() => undefined);
    }, options.heartbeatMs);
    const onAbort = () => kill('The server stopped while the job ran.');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      clearInterval(beat);
      memory?.stop();
      reject(error);
    });
    child.on('close', (code, signalName) => {
      clearTimeout(timer);
      clearInterval(beat);
      options.signal?.removeEventListener('abort', onAbort);
      const endEpoch = Date.now() / 1000;
      const memoryPeakBytes = memory?.stop() ?? null;
      const finish = () => resolve({ exitCode: code ?? (signalName ? 128 + 9 : -1), startEpoch, endEpoch, failure, timedOut, memoryPeakBytes });
      let open = 2;
      const closed = () => (open -= 1) === 0 && finish();
      stdout.end(closed);
      stderr.end(closed);
    });
  });
}
