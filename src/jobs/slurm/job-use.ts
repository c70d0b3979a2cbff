import { readFile } from 'node:fs/promises';
import type { JobRunResult } from '../job-result';
import { parseShellTimes } from '../shell-times';
import type { BatchJobFiles } from './job-script';
import { type SlurmUsage, usageMetrics } from './slurm-usage';

/**
 * What a Slurm job used, beyond what its script's other files say: the CPU time its command used
 * (bash's `times`, written by the job script on the node), and the job's accounting record where
 * the cluster keeps one (its metrics of plugin `slurm`).
 */
export async function jobUse(files: BatchJobFiles, usage: SlurmUsage | undefined): Promise<Pick<JobRunResult, 'cpuUserSeconds' | 'cpuSystemSeconds' | 'metrics'>> {
  const times = parseShellTimes(await readFile(files.metric('cpu_times'), 'utf8').catch(() => ''));
  return { cpuUserSeconds: times?.userSeconds ?? null, cpuSystemSeconds: times?.systemSeconds ?? null, metrics: usage ? usageMetrics(usage) : [] };
}
