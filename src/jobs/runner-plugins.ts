import type { JobRunner, JobRunnerDeps } from './job-runner';
import { LocalJobRunner, type LocalRunnerSettings } from './local-runner';
import { SlurmClient } from './slurm/slurm-client';
import { SlurmRunner } from './slurm/slurm-runner';

export interface RunnerPluginSettings {
  /** The local runner's settings; its workers come from the local plugin's `workers` or LOCAL_JOB_WORKERS. */
  local: LocalRunnerSettings;
  /** How often the Slurm runner asks Slurm about its jobs (one squeue for all of them). */
  slurmPollMs: number;
}

/**
 * The runners a process runs, by the plugin kinds of its job configuration: the local runner
 * (unless it has no workers: every local job then waits for remote runners), and a batch system's
 * runner when the configuration sends jobs to its destinations. A new batch system arrives as a
 * kind here and a class of its own implementing JobRunner.
 */
export function runnersFor(deps: JobRunnerDeps, settings: RunnerPluginSettings): JobRunner[] {
  const { routing } = deps;
  const runners: JobRunner[] = [];
  if (settings.local.workers > 0) runners.push(new LocalJobRunner(deps, settings.local));
  if (routing.destinationIdsOf('slurm').length > 0) {
    runners.push(new SlurmRunner({ ...deps, slurm: new SlurmClient() }, { pollMs: settings.slurmPollMs, walltimeSeconds: routing.config.limits.walltimeSeconds }));
  }
  return runners;
}
