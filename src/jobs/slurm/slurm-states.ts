/**
 * Slurm's job states (squeue's %T, sacct's State) as the platform reads them: still open (pending or
 * running), or ended, with the message a job that did not end by itself gets (the platform's Slurm
 * runner's words where it has them).
 */
import type { ResubmitCondition } from '../job-conf';

export type SlurmPhase = 'pending' | 'running' | 'ended';

const PENDING = new Set(['PENDING', 'CONFIGURING', 'REQUEUED', 'REQUEUE_HOLD', 'REQUEUE_FED', 'RESV_DEL_HOLD', 'SUSPENDED', 'STOPPED', 'RESIZING', 'SIGNALING', 'STAGE_OUT', 'SPECIAL_EXIT']);
const RUNNING = new Set(['RUNNING', 'COMPLETING']);

/** States Slurm reports for a job that is over. */
export const ENDED_STATES = ['COMPLETED', 'FAILED', 'CANCELLED', 'TIMEOUT', 'OUT_OF_MEMORY', 'NODE_FAIL', 'BOOT_FAIL', 'DEADLINE', 'PREEMPTED', 'REVOKED'] as const;

/** The state word alone (sacct writes `CANCELLED by 0`). */
export function stateWord(state: string): string {
  return state.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
}

export function phaseOf(state: string): SlurmPhase {
  const word = stateWord(state);
  if (RUNNING.has(word)) return 'running';
  if (PENDING.has(word)) return 'pending';
  return 'ended';
}

/** What slurmstepd writes when it kills a job for its memory (the platform's runner looks for it). */
export const MEMORY_LIMIT_MESSAGE = 'Exceeded job memory limit';

const HELP = '\nPlease click the bug icon to report this problem if you need help.';

/** Whether Slurm ended the job for its memory: the OUT_OF_MEMORY state, or slurmstepd's words. */
function outOfMemory(word: string, schedulerOutput: string): boolean {
  return word === 'OUT_OF_MEMORY' || schedulerOutput.includes(MEMORY_LIMIT_MESSAGE) || /oom[-_ ]kill/i.test(schedulerOutput);
}

/**
 * The limit an ended job reached, as job_conf.xml's `<resubmit condition>` names it: its memory
 * (OUT_OF_MEMORY, or the memory-limit message of a job Slurm killed for it) or its time (TIMEOUT), as
 * the platform's Slurm runner tells them apart; null for any other end.
 */
export function limitReachedOf(state: string, schedulerOutput: string): ResubmitCondition | null {
  const word = stateWord(state);
  if (outOfMemory(word, schedulerOutput)) return 'memory_limit_reached';
  if (word === 'TIMEOUT') return 'walltime_reached';
  return null;
}

/**
 * Why an ended job failed without finishing its command, or null when it finished by itself
 * (COMPLETED or FAILED with its exit code written: the exit code decides). `schedulerOutput` is
 * what Slurm wrote for the job (slurmstepd's messages).
 */
export function failureOf(state: string, finishedByItself: boolean, schedulerOutput: string): string | null {
  const word = stateWord(state);
  if (outOfMemory(word, schedulerOutput)) return `This job was terminated because it used more memory than it was allocated (Slurm: ${word}).${HELP}`;
  if (word === 'TIMEOUT' || word === 'DEADLINE') return `This job was terminated because it ran longer than the maximum allowed job run time (Slurm: ${word}).${HELP}`;
  if (finishedByItself && (word === 'COMPLETED' || word === 'FAILED')) return null;
  if (word === 'CANCELLED') return `This job failed because it was cancelled in Slurm (scancel by an administrator).${HELP}`;
  if (word === 'NODE_FAIL' || word === 'BOOT_FAIL') return `This job failed because the cluster node running it failed (Slurm: ${word}).${HELP}`;
  if (word === 'PREEMPTED' || word === 'REVOKED') return `This job failed because Slurm took its resources back (Slurm: ${word}).${HELP}`;
  if (word === 'COMPLETED' || word === 'FAILED') return `This job ended in Slurm (${word}) without recording its exit code: the node may have lost its files.${HELP}`;
  return `This job failed for reasons that could not be determined (Slurm: ${word || 'unknown state'}).${HELP}`;
}
