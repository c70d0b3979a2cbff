import type { ResubmitCondition } from './job-conf';
import type { MetricValue } from './metrics-format';

/** What a run (local, upload or remote) reports back for a job. */
export interface JobRunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  startEpoch: number;
  endEpoch: number;
  /** Set when the runner itself failed (timeout, download error…): the job is in error. */
  failure: string | null;
  /**
   * The limit that ended the run, when the runner knows it did (a local command's time limit; Slurm's
   * TIMEOUT, or its memory limit): the job's destination's `<resubmit>` rules apply to it.
   */
  limitReached?: ResubmitCondition | null;
  /** How the batch system said the run ended (Slurm: COMPLETED, OUT_OF_MEMORY, TIMEOUT…), kept with the attempt. */
  externalState?: string | null;
  /** Output extensions decided while running (the upload tool's sniffing), by output name. */
  extensions?: Record<string, string>;
  /** Output names decided while running (the upload tool's file names), by output name. */
  names?: Record<string, string>;
  /** Outputs that failed on their own while the others succeeded (one bad file of an upload), by output name. */
  outputFailures?: Record<string, string>;
  runnerName: string;
  /** Cores the job had (GALAXY_SLOTS); 1 when the runner does not say. */
  slots?: number | null;
  /** Memory the batch system allocated, in MB (GALAXY_MEMORY_MB), when it says. */
  memoryMb?: number | null;
  /** The peak resident memory the job's processes used, in bytes, when it was measured. */
  memoryPeakBytes?: number | null;
  /** CPU time the job's processes used (user, system), in seconds, when it was measured. */
  cpuUserSeconds?: number | null;
  cpuSystemSeconds?: number | null;
  /** The runner's further metrics (a batch system's accounting: plugin `slurm`), recorded beside the core ones. */
  metrics?: MetricValue[];
}

const KEEP_TEXT = 32 * 1024;

/** The end of a long stdout/stderr (where the useful part is), without NULs PostgreSQL text refuses. */
export function tail(text: string, limit = KEEP_TEXT): string {
  const clean = text.replace(/\u0000/g, '');
  return clean.length > limit ? clean.slice(clean.length - limit) : clean;
}
