import { platformMetrics } from './platform-metrics';

/** Times one look of the Slurm runner at its jobs (`GET /metrics`), and counts it when it fails. */
export async function timedSlurmPoll<T>(poll: () => Promise<T>): Promise<T> {
  const metrics = platformMetrics();
  const end = metrics.slurmPolls.startTimer();
  try {
    return await poll();
  } catch (error) {
    metrics.slurmPollErrors.inc();
    throw error;
  } finally {
    end();
  }
}
