import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pollPause } from './poll-pause';
import { patient } from './patience';

/** Server processes started as an operator starts them (`src/main.ts`), for the tests of several processes. */

export const ROOT = join(__dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Starts `src/main.ts` on a free port with the given environment (over the test's own) and waits for
 * its banner. A port found free can be taken before the process binds it (by any outgoing connection
 * of the machine, four test lanes side by side): a start refused for a port in use is tried again on
 * new ports, up to three times.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePorts(env);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnFreePorts(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: ROOT,
    // Each process gets its own depot port (the default 9009 would be taken by the first).
    env: { ...process.env, DEPOT_PORT: String(await freePort()), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  child.stdout?.on('data', (chunk: Buffer) => (seen += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (seen += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + patient(60_000);
  // The banner's first line: the first-administrator steps are printed only while no administrator exists.
  while (!seen.includes('Platform API:')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const message = `server did not start:\n${seen}`;
      if (child.exitCode !== null && /port \d+ is already in use/.test(seen)) throw new PortTakenError(message);
      throw new Error(message);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${port}`, child, output: () => seen, exited };
}

/** SIGTERM, then waits for the exit (a process already gone is left alone). */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

export async function call(server: ServerProcess, method: string, path: string, options: { key?: string; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.key) headers['x-api-key'] = options.key;
  if (options.cookie) headers.cookie = options.cookie;
  const res = await fetch(`${server.url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & unknown[] };
}

export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + patient(timeoutMs);
  for (let attempt = 0; !(await check()); attempt += 1) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await pollPause(attempt);
  }
}
