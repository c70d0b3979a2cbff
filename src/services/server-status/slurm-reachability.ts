import { runSlurm, SlurmCommandError } from '../../jobs/slurm/slurm-cli';

/** Whether Slurm answers this server, when a Slurm runner is configured. */
export interface SlurmReachability {
  /** A Slurm destination is configured (job_conf.xml). */
  configured: boolean;
  /** null when not configured. */
  reachable: boolean | null;
  /** What went wrong (the command's message), when it did not answer. */
  problem: string | null;
  /** How long the answers took, in milliseconds. */
  elapsedMs: number | null;
}

/** How long `sinfo` and `squeue` may take before Slurm counts as unreachable. */
export const SLURM_TIMEOUT_MS = 5000;

/** The command's answer, or a refusal once the time is up (a killed command's children may hold its output open longer). */
function within<T>(answer: Promise<T>, command: string, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SlurmCommandError(command, `no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * Asks the controller for its partitions (`sinfo`) and its queue (`squeue`), side by side, each
 * killed after the timeout: both answering is reachable.
 */
export async function slurmReachability(configured: boolean, timeoutMs = SLURM_TIMEOUT_MS): Promise<SlurmReachability> {
  if (!configured) return { configured, reachable: null, problem: null, elapsedMs: null };
  const started = Date.now();
  try {
    await Promise.all([
      within(runSlurm('sinfo', ['--noheader', '--summarize'], { timeoutMs }), 'sinfo', timeoutMs),
      within(runSlurm('squeue', ['--noheader', '--states=all', '--format=%i'], { timeoutMs }), 'squeue', timeoutMs),
    ]);
    return { configured, reachable: true, problem: null, elapsedMs: Date.now() - started };
  } catch (error) {
    const problem = error instanceof SlurmCommandError ? error.message : String(error);
    return { configured, reachable: false, problem, elapsedMs: Date.now() - started };
  }
}
