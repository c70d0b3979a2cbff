import { useEffect } from 'react';

export const LEAVE_MESSAGE = 'The workflow has unsaved changes. Leave the editor and lose them?';

/**
 * Warns before leaving with unsaved changes: closing or reloading the page (the browser's own
 * question), following a link inside the UI, and the browser's Back and Forward buttons (a
 * confirmation each). BrowserRouter has no blocker: the link's click is caught before the router's
 * handler, and the history move (popstate) by a capturing listener on the window, which runs before
 * the router's own; declined, the move is undone (`history.go`) and the router never sees it.
 */
export function useLeaveWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const here = window.history.state as { idx?: number } | null;
    const hereIndex = typeof here?.idx === 'number' ? here.idx : null;
    let undoing = false;
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
    const onPopState = (event: PopStateEvent) => {
      if (undoing) {
        // The move back to the editor after a declined one: the router never left it.
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      if (window.confirm(LEAVE_MESSAGE)) return;
      event.stopImmediatePropagation();
      const there = event.state as { idx?: number } | null;
      const delta = hereIndex !== null && typeof there?.idx === 'number' ? hereIndex - there.idx : 1;
      if (delta !== 0) {
        undoing = true;
        window.history.go(delta);
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState, true);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState, true);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}
