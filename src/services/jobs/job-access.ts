import type { Caller } from '../../context/caller';
import type { Job } from '../../entities/job.entity';

/** A job is visible to its user and to administrators. */
export function mayViewJob(caller: Caller, job: Job): boolean {
  return caller.isAdmin || (caller.userId !== null && job.user?.id === caller.userId);
}
