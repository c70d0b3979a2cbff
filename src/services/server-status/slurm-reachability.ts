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

/**
 * Asks the controller for its partitions (`sinfo`) and its queue (`squeue`), side by side, each
 * killed after the timeout: both answering is reachable.
 */
export async function slurmReachability(configured: boolean, timeoutMs = SLURM_TIMEOUT_MS): Promise<SlurmReachability> {
  if (!configured) return { configured, reachable: null, problem: null, elapsedMs: null };
  const started = Date.now();
  try {
    await Promise.all([
      runSlurm('sinfo', ['--noheader', '--summarize'], { timeoutMs }),
      runSlurm('squeue', ['--noheader', '--states=all', '--format=%i'], { timeoutMs }),
    ]);
    return { configured, reachable: true, problem: null, elapsedMs: Date.now() - started };
  } catch (error) {
    const problem = error instanceof SlurmCommandError ? error.message : String(error);
    return { configured, reachable: false, problem, elapsedMs: Date.now() - started };
  }
}
