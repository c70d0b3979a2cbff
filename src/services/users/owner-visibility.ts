import type { Caller } from '../../context/caller';

/** Who may see the owner of a history or a job (and their email): that owner and administrators. */
export function mayViewOwner(caller: Caller, ownerId: number | null | undefined): ownerId is number {
  return ownerId !== null && ownerId !== undefined && (caller.isAdmin || caller.userId === ownerId);
}
