import type { Caller } from '../../context/caller';
/** What the rules need to know of a history (an entity or a listing view). */
export interface HistoryRef {
  id: number;
  user: { id: number } | null;
  published: boolean;
  importable: boolean;
}

/**
 * A history belongs to its user; a history without user belongs to the anonymous session whose
 * current history it is. Administrators may act on every history.
 */
export function ownsHistory(caller: Caller, history: HistoryRef): boolean {
  if (history.user) return caller.userId === history.user.id;
  return caller.session !== null && caller.session.currentHistoryId === history.id;
}

export function mayChangeHistory(caller: Caller, history: HistoryRef): boolean {
  return caller.isAdmin || ownsHistory(caller, history);
}

/** Readable by its owner, administrators, and anyone when published or importable (shared by link). */
export function mayReadHistory(caller: Caller, history: HistoryRef): boolean {
  return mayChangeHistory(caller, history) || history.published || history.importable;
}
