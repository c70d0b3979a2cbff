import { spawn } from 'node:child_process';
import { PassThrough, type Readable } from 'node:stream';

/** The system `git`, run with no user or system configuration, never prompting. */
const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  LC_ALL: 'C',
};

export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args[0] ?? ''} failed (${code ?? 'signal'}): ${stderr.trim().slice(0, 500)}`);
  }
}

export interface GitOptions {
  /** Extra environment (GIT_DIR, GIT_INDEX_FILE, authors…). */
  env?: Record<string, string>;
  cwd?: string;
  /** Bytes written to stdin. */
  input?: string;
  /** Exit codes that are answers, not failures (e.g. 1 of `rev-parse --verify -q`). */
  okCodes?: number[];
}

export interface GitResult {
  stdout: Buffer;
  code: number;
}

/** Runs git to completion, collecting stdout (small outputs: hashes, listings, file contents). */
export function runGit(args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...args], { cwd: options.cwd, env: { ...process.env, ...GIT_ENV, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => reject(error));
    child.on('close', (code) => {
      const ok = code === 0 || (code !== null && (options.okCodes ?? []).includes(code));
      if (ok) resolve({ stdout: Buffer.concat(out), code: code ?? 0 });
      else reject(new GitError(args, code, Buffer.concat(err).toString('utf8')));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/**
 * Runs git for its stdout as a stream (archives). The stream ends only once git has exited
 * successfully; a failure (even one with no output at all) destroys it with a GitError.
 */
export function streamGit(args: readonly string[], options: GitOptions = {}): Readable {
  const child = spawn('git', [...args], { cwd: options.cwd, env: { ...process.env, ...GIT_ENV, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = new PassThrough();
  const err: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  child.stdout.pipe(out, { end: false });
  // 'close' comes after git's output has been read in full.
  child.on('close', (code) => {
    if (code === 0) out.end();
    else out.destroy(new GitError(args, code, Buffer.concat(err).toString('utf8')));
  });
  child.on('error', (error) => out.destroy(error));
  // A reader that goes away stops git.
  out.on('close', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  return out;
}

/** Whether the system git is there (the depot needs it). */
export async function gitVersion(): Promise<string> {
  const { stdout } = await runGit(['--version']);
  return stdout.toString('utf8').trim();
}
