/** Server → local path mapping and the `bash -c` execution with time limit and process-group kill. */
import { spawn } from 'node:child_process';
import { open, readFile } from 'node:fs/promises';
import { constants as osConstants } from 'node:os';
import { join, posix } from 'node:path';
import { PeakMemory } from '../jobs/process-tree-memory';
import { parseShellTimes, TIMED_COMMAND_AFTER_TERM } from '../jobs/shell-times';

/** Characters that may continue a path token; anything else (space, quote, `=`, `:`, `;`, ...) ends one. */
const PATH_CHAR = /[A-Za-z0-9_.~/+@%-]/;

/**
 * Replaces the server job directory with the local one wherever it starts a path:
 * `<serverDir>/...` and a bare `<serverDir>` followed by a non-path character.
 * An occurrence inside another path (`/data/srv/job/1/x`, `../srv/job/1/x`) or that merely shares
 * the prefix (`/srv/job/12` vs `/srv/job/1`) is left alone; a glued option (`-o/srv/job/1/x`) is not.
 */
export function rewriteJobPaths(commandLine: string, serverJobDir: string, localJobDir: string): string {
  const from = trimSlashes(serverJobDir);
  const to = trimSlashes(localJobDir);
  if (!from) return commandLine;
  let out = '';
  let copied = 0;
  let at = commandLine.indexOf(from);
  while (at !== -1) {
    const end = at + from.length;
    const after = commandLine.charAt(end);
    const endsWell = after === '/' || after === '' || !PATH_CHAR.test(after);
    if (endsWell && startsPathToken(commandLine, at)) {
      out += commandLine.slice(copied, at) + to;
      copied = end;
      at = commandLine.indexOf(from, end);
    } else {
      at = commandLine.indexOf(from, at + 1);
    }
  }
  return out + commandLine.slice(copied);
}

/**
 * Whether a path starts at `index`: the path-character run before it must be empty or a glued
 * option (`-o`, `-I`); `mirror`, `..` or anything holding a `/` makes it the tail of another path.
 */
function startsPathToken(text: string, index: number): boolean {
  let start = index;
  while (start > 0 && PATH_CHAR.test(text.charAt(start - 1))) start--;
  const run = text.slice(start, index);
  return run === '' || (run.startsWith('-') && !run.includes('/'));
}

function trimSlashes(dir: string): string {
  return dir.replace(/\/+$/, '');
}

/**
 * Local path of a server path under the job directory, or null when it lies outside it
 * (after normalisation, so `..` cannot escape the local job directory).
 */
export function mapServerPath(serverPath: string, serverJobDir: string, localJobDir: string): string | null {
  const root = trimSlashes(posix.normalize(serverJobDir));
  const normalized = posix.normalize(serverPath);
  if (!root || !normalized.startsWith(`${root}/`)) return null;
  const relative = normalized.slice(root.length + 1).replace(/\/+$/, '');
  if (!relative || relative.split('/').includes('..')) return null;
  return join(localJobDir, relative);
}

export interface CommandOptions {
  commandLine: string;
  cwd: string;
  stdoutPath: string;
  stderrPath: string;
  /** Where bash writes the CPU time of the command and its children (`times`), read back after it. */
  timesPath: string;
  /** Seconds; null or <= 0 means no limit. */
  timeoutSeconds: number | null;
  /** Aborting kills the process group, like the time limit. */
  signal?: AbortSignal;
  /** Between SIGTERM and SIGKILL. */
  killGraceMs: number;
  env?: NodeJS.ProcessEnv;
}

export interface CommandResult {
  /** The exit status; 128 + signal number when a signal ended bash (shell convention). */
  exitCode: number;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  startEpoch: number;
  endEpoch: number;
  /** The peak resident memory of the command's processes, sampled from /proc (null where it cannot say). */
  memoryPeakBytes: number | null;
  /** The CPU time of the command and everything it started (bash's `times`), when it could be read. */
  cpuUserSeconds: number | null;
  cpuSystemSeconds: number | null;
}

/**
 * Runs `bash -c commandLine` as the leader of a new process group (detached), with stdout and
 * stderr written straight to files. On time limit or abort the whole group gets SIGTERM, then
 * SIGKILL after the grace period; stragglers left in the group when bash exits are killed too,
 * since the job directory they would write to is about to be removed.
 */
export async function runCommand(options: CommandOptions): Promise<CommandResult> {
  const stdout = await open(options.stdoutPath, 'w');
  const stderr = await open(options.stderrPath, 'w').catch(async (error: unknown) => {
    await stdout.close();
    throw error;
  });
  const startEpoch = Date.now() / 1000;
  try {
    // As the local runner does, bash writes the command's CPU time (`times`) to timesPath after it.
    const child = spawn('bash', ['-c', TIMED_COMMAND_AFTER_TERM, 'bash', options.commandLine, options.timesPath, ''], {
      cwd: options.cwd,
      detached: true,
      stdio: ['ignore', stdout.fd, stderr.fd],
      env: options.env ?? process.env,
    });
    const memory = child.pid ? new PeakMemory(child.pid) : null;
    const ended = await new Promise<Omit<CommandResult, 'memoryPeakBytes' | 'cpuUserSeconds' | 'cpuSystemSeconds'>>((resolve, reject) => {
      let timedOut = false;
      let aborted = false;
      let graceTimer: NodeJS.Timeout | undefined;
      const killGroup = (signal: NodeJS.Signals) => {
        if (child.pid === undefined) return;
        try {
          process.kill(-child.pid, signal);
        } catch {
          // ESRCH: the group is already gone.
        }
      };
      const terminate = () => {
        killGroup('SIGTERM');
        graceTimer ??= setTimeout(() => killGroup('SIGKILL'), options.killGraceMs);
      };
      const limit = options.timeoutSeconds;
      const limitTimer =
        limit !== null && limit > 0
          ? setTimeout(() => {
              timedOut = true;
              terminate();
            }, limit * 1000)
          : undefined;
      const onAbort = () => {
        aborted = true;
        terminate();
      };
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(limitTimer);
        clearTimeout(graceTimer);
        options.signal?.removeEventListener('abort', onAbort);
      };
      child.once('error', (error) => {
        cleanup();
        memory?.stop();
        reject(error);
      });
      child.once('exit', (code, signal) => {
        cleanup();
        killGroup('SIGKILL');
        resolve({
          exitCode: code ?? 128 + (signal ? (osConstants.signals[signal] ?? 0) : 0),
          signal,
          timedOut,
          aborted,
          startEpoch,
          endEpoch: Date.now() / 1000,
        });
      });
    });
    const memoryPeakBytes = memory?.stop() ?? null;
    const times = parseShellTimes(await readFile(options.timesPath, 'utf8').catch(() => ''));
    return { ...ended, memoryPeakBytes, cpuUserSeconds: times?.userSeconds ?? null, cpuSystemSeconds: times?.systemSeconds ?? null };
  } finally {
    // The child holds its own copies of the descriptors.
    await Promise.all([stdout.close(), stderr.close()]);
  }
}

export const REPORT_TAIL_BYTES = 1024 * 1024;

/** The last `maxBytes` of a file as UTF-8 (empty if it does not exist), not starting mid-character. */
export async function readTail(path: string, maxBytes: number = REPORT_TAIL_BYTES): Promise<string> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return '';
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, size - length);
    let start = 0;
    // Skip UTF-8 continuation bytes cut off from their lead byte.
    if (size > length) while (start < bytesRead && start < 3 && (buffer[start] & 0xc0) === 0x80) start++;
    return buffer.subarray(start, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}
