import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MEMORY_REPORT_MARKER } from '../../src/app/memory-report';

const ROOT = join(__dirname, '..', '..');

export interface MemorySample {
  /** Resident set size of the service process from /proc (JS heap and native; the embedded PostgreSQL runs in processes of its own, not counted). */
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  gc: boolean;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The service (`src/main.ts`) in a child process started with --expose-gc, asked for its memory by SIGUSR2. */
export class ServerChild {
  private readonly child: ChildProcess;
  private stderr = '';
  private waiting: ((line: string) => void) | null = null;

  /** With `snapshotDir`, SIGUSR1 writes a heap snapshot there (node's --heapsnapshot-signal). */
  constructor(env: Record<string, string>, logFile: string, private readonly snapshotDir: string | null = null) {
    const out = openSync(logFile, 'a');
    const snapshots = snapshotDir ? ['--heapsnapshot-signal=SIGUSR1', `--diagnostic-dir=${snapshotDir}`] : [];
    this.child = spawn(process.execPath, ['--expose-gc', ...snapshots, '-r', '@swc-node/register', join(ROOT, 'src/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', DEPOT_PORT: '0', ...env, MEMORY_REPORT_ON_SIGNAL: 'true' },
      stdio: ['ignore', out, 'pipe'],
    });
    closeSync(out);
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
      let newline: number;
      while ((newline = this.stderr.indexOf('\n')) >= 0) {
        const line = this.stderr.slice(0, newline);
        this.stderr = this.stderr.slice(newline + 1);
        if (line.startsWith(MEMORY_REPORT_MARKER) && this.waiting) this.waiting(line.slice(MEMORY_REPORT_MARKER.length));
      }
    });
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  async waitUntilServing(url: string): Promise<void> {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited (${this.child.exitCode})`);
      try {
        await (await fetch(url)).arrayBuffer();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    throw new Error(`server did not answer ${url}`);
  }

  /** Writes a heap snapshot (after a GC) and answers its path once it is complete. */
  async heapSnapshot(): Promise<string> {
    if (!this.snapshotDir) throw new Error('heap snapshots were not enabled');
    const dir = this.snapshotDir;
    const before = new Set(await readdir(dir));
    await this.sample();
    this.child.kill('SIGUSR1');
    for (let size = -1; ; ) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const created = (await readdir(dir)).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
      if (!created) continue;
      const now = (await stat(join(dir, created))).size;
      if (now > 0 && now === size) return join(dir, created);
      size = now;
    }
  }

  /** A GC in the child (when exposed), then its heap figures and RSS. */
  async sample(): Promise<MemorySample> {
    const report = new Promise<string>((resolve) => (this.waiting = resolve));
    this.child.kill('SIGUSR2');
    const usage = JSON.parse(await report) as { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number; gc: boolean };
    this.waiting = null;
    const status = await readFile(`/proc/${this.pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return {
      rssMb: mb(rssKb * 1024),
      heapUsedMb: mb(usage.heapUsed),
      heapTotalMb: mb(usage.heapTotal),
      externalMb: mb(usage.external),
      arrayBuffersMb: mb(usage.arrayBuffers),
      gc: usage.gc,
    };
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      const force = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
      this.child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      this.child.kill('SIGTERM');
    });
  }
}
