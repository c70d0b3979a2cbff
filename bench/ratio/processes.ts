import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** A server in a process of its own, as an operator runs it; stopped with SIGTERM. */
export interface ServerProcess {
  name: string;
  baseUrl: string;
  /** The process id (memory sampling reads /proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      // Any answer means it listens (a probe path may well answer 404).
      await (await fetch(url)).arrayBuffer();
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer ${url}:\n${output()}`);
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts `script` with the TypeScript loader the project uses; resolves once `probePath` answers.
 * Its output goes to `logFile` (or is dropped), so that reading it costs the measuring process nothing.
 */
export async function startServerProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  port: number,
  probePath: string,
  logFile?: string,
  /** The checkout whose script runs (this one unless given: BENCH_COMPARE_CHECKOUT runs another beside it). */
  root = ROOT,
): Promise<ServerProcess> {
  const out = logFile ? openSync(logFile, 'a') : 'ignore';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(root, script)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DEPOT_PORT: '0', ...env, PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  if (typeof out === 'number') closeSync(out);
  const log = () => (logFile ? readFileSync(logFile, 'utf8').slice(-4000) : '(output dropped)');
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(`${baseUrl}${probePath}`, child, log);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    name,
    baseUrl,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
