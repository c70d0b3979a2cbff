import type { ResultOf } from '../graphql';
import type { InvocationFields } from './workflow-documents';

export type InvocationView = ResultOf<typeof InvocationFields>;

const OVER_JOB_STATES = new Set(['ok', 'error', 'deleted', 'deleted_new', 'failed', 'paused', 'skipped']);
const SCHEDULING_STATES = new Set(['new', 'ready']);

export type Progress = 'scheduling' | 'running' | 'finished' | 'failed';

/** Where a run is: still being scheduled, jobs running, every job over (ok or not), or failed/cancelled. */
export function progressOf(invocation: InvocationView): Progress {
  if (invocation.state === 'failed' || invocation.state === 'cancelled') return 'failed';
  if (SCHEDULING_STATES.has(invocation.state)) return 'scheduling';
  const jobs = invocation.steps.flatMap((step) => step.jobs);
  if (jobs.some((job) => !OVER_JOB_STATES.has(job.state))) return 'running';
  return jobs.some((job) => job.state !== 'ok') ? 'failed' : 'finished';
}

export const PROGRESS_TEXT: Record<Progress, string> = {
  scheduling: 'Being scheduled…',
  running: 'Running…',
  finished: 'Finished: every job is ok.',
  failed: 'Stopped: a job failed or the run could not be scheduled.',
};
