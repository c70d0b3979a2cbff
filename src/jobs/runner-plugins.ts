import type { BatchJobRunner, JobRunnerDeps } from './job-runner';
import { SlurmClient } from './slurm/slurm-client';
import { SlurmRunner } from './slurm/slurm-runner';

export interface RunnerPluginSettings {
  /** How often the Slurm runner asks Slurm about its jobs (one squeue for all of them). */
  slurmPollMs: number;
}

/**
 * The batch runners a process runs, one per runner kind its job configuration sends jobs to (local
 * jobs are the engine's own workers). A new batch system arrives as a kind here and a class of its
 * own implementing BatchJobRunner.
 */
export function batchRunnersFor(deps: JobRunnerDeps, settings: RunnerPluginSettings): BatchJobRunner[] {
  const { routing } = deps;
  const runners: BatchJobRunner[] = [];
  if (routing.destinationIdsOf('slurm').length > 0) {
    runners.push(new SlurmRunner({ ...deps, slurm: new SlurmClient() }, { pollMs: settings.slurmPollMs, walltimeSeconds: routing.config.limits.walltimeSeconds }));
  }
  return runners;
}
