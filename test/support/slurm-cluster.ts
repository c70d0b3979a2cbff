import { execFile, execFileSync } from 'node:child_process';
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
 * `describe` where Slurm answers; elsewhere one skipped test under the same name, saying why
 * (and a warning, as the browser tests give).
 */
export function describeWithSlurm(name: string, fn: () => void): void {
  if (slurmAvailable()) {
    describe(name, fn);
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
