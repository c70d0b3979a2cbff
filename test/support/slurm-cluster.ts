import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { patient } from './patience';

/**
 * The one-node Slurm of the tests (test/support/slurm/one-node-slurm.sh): `npm run slurm:start` as
 * root starts it, `.ci/run` starts it and exports SLURM_CONF and TEST_SLURM=1. Slurm tests run only
 * where it answers; elsewhere they are skipped, and say so.
 */
export const SLURM_NOT_RUNNING = 'Slurm is not running here (npm run slurm:start as root)';

let available: boolean | undefined;

/** TEST_SLURM is set and `sinfo` answers (asked once per process). */
export function slurmAvailable(): boolean {
  if (available === undefined) available = Boolean(process.env.TEST_SLURM) && sinfoAnswers();
  return available;
}

function sinfoAnswers(): boolean {
  try {
    execFileSync('sinfo', ['-h', '-o', '%T'], { timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] });
    return true;
  } catch {
    return false;
  }
}

/**
 * The lock every Slurm test file holds while it runs (CI runs test files in several jest processes
 * at once, all on the one-node cluster): shared, so they run side by side, or exclusive for a test
 * that takes the node down (every job on it fails then). A file next to slurm.conf, locked with
 * flock(1) by a child process that holds it until its stdin closes: released by `release`, or by
 * the jest process's end, however it ends.
 */
export function clusterLockPath(): string {
  const beside = dirname(process.env.SLURM_CONF ?? '/var/lib/one-node-slurm/slurm.conf');
  try {
    accessSync(beside, constants.W_OK);
    return join(beside, 'tests.lock');
  } catch {
    return join(tmpdir(), 'one-node-slurm-tests.lock');
  }
}

/**
 * Takes the cluster's test lock (waits for it, `timeoutMs` at most: then the waiting flock is
 * stopped, so it never takes the lock later for nobody); resolves with the holder to release.
 */
export function takeClusterLock(mode: 'shared' | 'exclusive', timeoutMs: number): Promise<{ release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const holder: ChildProcess = spawn('flock', [`--${mode}`, clusterLockPath(), 'sh', '-c', 'echo locked; exec cat > /dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const timer = setTimeout(() => {
      holder.kill('SIGKILL');
      reject(new Error(`waited ${timeoutMs / 1000} s for the Slurm tests' ${mode} lock (${clusterLockPath()})`));
    }, timeoutMs);
    holder.on('error', reject);
    holder.on('exit', (code) => reject(new Error(`flock ${mode} ${clusterLockPath()} exited with ${code} before it locked`)));
    holder.stdout?.once('data', () => {
      clearTimeout(timer);
      holder.removeAllListeners('exit');
      const exited = new Promise<void>((done) => holder.once('exit', () => done()));
      resolve({
        release: async () => {
          holder.stdin?.end();
          await exited;
        },
      });
    });
  });
}

/** How long a Slurm test file may wait for the cluster's lock (a node-failure test, or the files beside one). */
const LOCK_WAIT_MS = 600_000;

/**
 * `describe` where Slurm answers, holding the cluster's test lock from its first hook to its last
 * (`exclusive` for tests that take the node down); elsewhere one skipped test under the same name,
 * saying why (and a warning, as the browser tests give).
 */
export function describeWithSlurm(name: string, fn: () => void, options: { exclusive?: boolean } = {}): void {
  if (slurmAvailable()) {
    describe(name, () => {
      let lock: { release(): Promise<void> } | undefined;
      // Registered around the block's own hooks, so they run first and last.
      beforeAll(async () => {
        lock = await takeClusterLock(options.exclusive ? 'exclusive' : 'shared', LOCK_WAIT_MS - 5000);
      }, LOCK_WAIT_MS);
      fn();
      afterAll(async () => {
        await lock?.release();
      });
    });
    return;
  }
  const why = process.env.TEST_SLURM ? `TEST_SLURM is set but sinfo does not answer (SLURM_CONF=${process.env.SLURM_CONF ?? 'unset'})` : SLURM_NOT_RUNNING;
  console.warn(`SKIPPED: ${name}: ${why}`);
  describe(name, () => {
    it.skip(why, () => undefined);
  });
}

/** Runs one of Slurm's commands; resolves with its stdout, rejects with its stderr. */
export function slurmCommand(command: 'sbatch' | 'squeue' | 'scontrol' | 'scancel' | 'sacct' | 'sinfo', args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: patient(30_000) }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')}: ${stderr.trim() || error.message}`));
      else resolve(stdout);
    });
  });
}

/** Slurm's states of a job that has not ended yet. */
const NOT_ENDED = new Set(['PENDING', 'CONFIGURING', 'RUNNING', 'COMPLETING', 'SUSPENDED', 'REQUEUED', 'RESIZING', 'SIGNALING', 'STAGE_OUT']);

export interface SlurmJobEnd {
  state: string;
  reason: string;
  /** `code:signal`, as scontrol shows it. */
  exitCode: string;
}

/** Waits (polling scontrol every 100 ms) until a job has ended, and gives its end. */
export async function waitForSlurmJobEnd(jobId: string, timeoutMs = 20_000): Promise<SlurmJobEnd> {
  const deadline = Date.now() + patient(timeoutMs);
  for (;;) {
    const line = await slurmCommand('scontrol', ['show', 'job', '-o', jobId]);
    const field = (name: string): string => new RegExp(`(?:^| )${name}=(\\S*)`).exec(line)?.[1] ?? '';
    const state = field('JobState');
    if (!NOT_ENDED.has(state)) return { state, reason: field('Reason'), exitCode: field('ExitCode') };
    if (Date.now() > deadline) throw new Error(`Slurm job ${jobId} still ${state} after ${timeoutMs} ms`);
    await new Promise((wake) => setTimeout(wake, 100));
  }
}

/** The node a job runs on (scontrol's NodeList; a one-node cluster has one). */
async function nodeOf(slurmJobId: string): Promise<string> {
  const node = /(?:^| )NodeList=(\S+)/.exec(await slurmCommand('scontrol', ['show', 'job', '-o', slurmJobId]))?.[1];
  if (!node || node === '(null)') throw new Error(`Slurm job ${slurmJobId} runs on no node`);
  return node;
}

/** The jobs running or about to (not ended) that are not among `ours`, by id and name. */
async function otherLiveJobs(ours: readonly string[]): Promise<string[]> {
  const lines = (await slurmCommand('squeue', ['-h', '-t', 'running,completing,configuring', '-o', '%i|%j'])).split('\n').filter(Boolean);
  return lines.filter((line) => !ours.includes(line.split('|')[0]));
}

/**
 * Fails the node under a running job the way an administrator would see one fail (`scontrol update
 * state=DOWN`): Slurm ends every job on it NODE_FAIL at once. Then the node is brought back to idle
 * (ReturnToService=2 returns a responding node at once; RESUME where it stays down). Only under the
 * exclusive cluster lock (describeWithSlurm's `exclusive`): other test files' jobs would fail too.
 * Jobs still running that are not `ours` (a file that ended before its jobs did) are waited for,
 * a few seconds at most. Answers the node and how long it was out of service.
 */
export async function failNodeUnder(slurmJobId: string, ours: readonly string[] = [slurmJobId]): Promise<{ node: string; downMs: number; others: string[] }> {
  const node = await nodeOf(slurmJobId);
  const waitUntil = Date.now() + 10_000;
  let others = await otherLiveJobs(ours);
  while (others.length > 0 && Date.now() < waitUntil) {
    await new Promise((wake) => setTimeout(wake, 250));
    others = await otherLiveJobs(ours);
  }
  if (others.length > 0) console.warn(`failNodeUnder: the node fails under other jobs still running too: ${others.join(', ')}`);
  const downAt = Date.now();
  await slurmCommand('scontrol', ['update', `nodename=${node}`, 'state=DOWN', 'reason=node failure test']);
  const deadline = Date.now() + patient(30_000);
  for (;;) {
    const state = (await slurmCommand('sinfo', ['-h', '-n', node, '-o', '%T'])).trim();
    if (['idle', 'mixed', 'allocated'].includes(state)) break;
    if (Date.now() > deadline) throw new Error(`node ${node} still ${state} after the failure test`);
    if (/down|drain/.test(state)) await slurmCommand('scontrol', ['update', `nodename=${node}`, 'state=RESUME']).catch(() => undefined);
    await new Promise((wake) => setTimeout(wake, 100));
  }
  return { node, downMs: Date.now() - downAt, others };
}
