import type { Caller } from '../../context/caller';
import { type HistoryRef, mayChangeHistory, ownsHistory } from './history-access';

/**
 * What a caller may do with one history, from the same rules the services apply when it is done
 * (history-access.ts): the web UI offers only these actions, so a shared reader or a visitor is never
 * shown a button that would be refused.
 */
export interface HistoryActions {
  /** Rename, tag, annotate, delete, undelete, purge it, and change, hide or delete its items (owner, administrators). */
  change: boolean;
  /** Upload into it and run tools or workflows into it (as `change`: the tools' target history must be changeable). */
  addData: boolean;
  /** Make it the browser session's current history (only the owner's own, not deleted: setCurrentHistory). */
  makeCurrent: boolean;
  /** Change its link access, publishing and the users it is shared with (owner or administrators; a visitor's history has no owner to share as). */
  share: boolean;
}

export function historyActionsFor(caller: Caller, history: HistoryRef & { deleted: boolean }): HistoryActions {
  const change = mayChangeHistory(caller, history);
  return {
    change,
    addData: change,
    makeCurrent: !caller.isMaster && !history.deleted && ownsHistory(caller, history),
    share: change && history.user !== null,
  };
}
