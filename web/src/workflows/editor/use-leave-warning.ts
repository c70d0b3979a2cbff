import { useEffect } from 'react';
import { guardHistoryMoves } from '../../ui/history-guard';

export const LEAVE_MESSAGE = 'The workflow has unsaved changes. Leave the editor and lose them?';

/**
 * Warns before leaving with unsaved changes: closing or reloading the page (the browser's own
 * question), following a link inside the UI, and the browser's Back and Forward buttons (a
 * confirmation each). BrowserRouter has no blocker: the link's click is caught before the router's
 * handler, and the history move by the guard installed before the router (ui/history-guard.ts).
 */
export function useLeaveWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || event.defaultPrevented) return;
      if (!window.confirm(LEAVE_MESSAGE)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const unguard = guardHistoryMoves(() => window.confirm(LEAVE_MESSAGE));
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      unguard();
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}
