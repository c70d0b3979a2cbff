/**
 * A guard on the browser's Back and Forward buttons for screens that may refuse to be left (the
 * workflow editor with unsaved changes). BrowserRouter has no blocker, and a listener added after the
 * router's runs after it (Chromium runs a window's capturing listeners in the order added too), so the
 * one listener is added here before the app renders and asks the guard in place, if any: refused, the
 * router never hears of the move, and the move is undone (`history.go`) without the router hearing of
 * that either.
 */
type Guard = () => boolean;

let guard: Guard | null = null;
let undoing = false;

/** The index React Router keeps in each history entry's state. */
const indexOf = (state: unknown): number | null => {
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' ? idx : null;
};

let currentIndex: number | null = null;

function onPopState(event: PopStateEvent): void {
  if (undoing) {
    undoing = false;
    event.stopImmediatePropagation();
    return;
  }
  if (!guard || guard()) {
    currentIndex = indexOf(event.state);
    return;
  }
  event.stopImmediatePropagation();
  const there = indexOf(event.state);
  const delta = currentIndex !== null && there !== null ? currentIndex - there : 1;
  if (delta !== 0) {
    undoing = true;
    window.history.go(delta);
  }
}

/** Called once, before the app (and its router) start. */
export function installHistoryGuard(): void {
  window.addEventListener('popstate', onPopState);
}

/** Asks `mayLeave` before each Back or Forward move until the returned function is called. */
export function guardHistoryMoves(mayLeave: Guard): () => void {
  currentIndex = indexOf(window.history.state);
  guard = mayLeave;
  return () => {
    if (guard === mayLeave) guard = null;
  };
}
