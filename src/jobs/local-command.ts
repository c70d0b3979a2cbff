import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import type { JobWorkspace } from './job-workspace';
import { PeakMemory } from './process-tree-memory';

export interface ProcessResult {
  exitCode: number;
  startEpoch: number;
  endEpoch: number;
  /** Why the process did not finish by itself: the time limit, or the job was taken away. */
  failure: string | null;
  /** The peak resident memory of the command's processes, sampled (null where /proc cannot say). */
  memoryPeakBytes: number | null;
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
 * that a timeout or a cancellation kills everything it started. stdout/stderr go to files.
 */
export function runCommand(command: string, workspace: JobWorkspace, options: RunOptions): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const startEpoch = Date.now() / 1000;
    const stdout = createWriteStream(workspace.stdoutPath);
    const stderr = createWriteStream(workspace.stderrPath);
    const child = spawn('bash', ['-c', command], { cwd: workspace.workingDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(stdout);
    child.stderr.pipe(stderr);
    const memory = child.pid ? new PeakMemory(child.pid) : null;
    let failure: string | null = null;
    const kill = (reason: string) => {
      if (failure) return;
      failure = reason;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => kill(`Job exceeded the time limit of ${options.timeoutSeconds} seconds`), options.timeoutSeconds * 1000);
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
      const finish = () => resolve({ exitCode: code ?? (signalName ? 128 + 9 : -1), startEpoch, endEpoch, failure, memoryPeakBytes });
      let open = 2;
      const closed = () => (open -= 1) === 0 && finish();
      stdout.end(closed);
      stderr.end(closed);
    });
  });
}
