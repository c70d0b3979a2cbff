import type { Caller } from '../../context/caller';
/** A job is visible to its user and to administrators. */
export function mayViewJob(caller: Caller, job: { user: { id: number } | null }): boolean {
  return caller.isAdmin || (caller.userId !== null && job.user?.id === caller.userId);
}
