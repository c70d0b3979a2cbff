import { platformMetrics } from './platform-metrics';

/** What a finished job tells the metrics: where it ran, how it ended, and its times. */
export interface FinishedJobTimes {
  destinationId: string | null;
  state: string;
  createTime: Date;
  startTime: Date | null;
  endTime: Date | null;
}

/** A job this process finished: its wait in the queue and its run time, by destination (`GET /metrics`). */
export function observeFinishedJob(job: FinishedJobTimes): void {
  const destination = job.destinationId ?? 'none';
  const metrics = platformMetrics();
  const end = job.endTime?.getTime() ?? Date.now();
  if (job.startTime) {
    metrics.jobQueueWait.observe({ destination }, Math.max(0, job.startTime.getTime() - job.createTime.getTime()) / 1000);
    metrics.jobRunTime.observe({ destination, state: job.state }, Math.max(0, end - job.startTime.getTime()) / 1000);
  }
}
