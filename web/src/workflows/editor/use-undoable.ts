import { useCallback, useReducer } from 'react';

interface Timeline<T> {
  past: T[];
  present: T;
  future: T[];
}

type Action<T> = { kind: 'set'; update: (present: T) => T; record: boolean } | { kind: 'checkpoint' } | { kind: 'undo' } | { kind: 'redo' } | { kind: 'reset'; value: T };

const LIMIT = 200;

function reduce<T>(timeline: Timeline<T>, action: Action<T>): Timeline<T> {
  switch (action.kind) {
    case 'set': {
      const next = action.update(timeline.present);
      if (next === timeline.present) return timeline;
      return action.record ? { past: [...timeline.past, timeline.present].slice(-LIMIT), present: next, future: [] } : { ...timeline, present: next };
    }
    case 'checkpoint':
      return { past: [...timeline.past, timeline.present].slice(-LIMIT), present: timeline.present, future: [] };
    case 'undo':
      return timeline.past.length === 0 ? timeline : { past: timeline.past.slice(0, -1), present: timeline.past[timeline.past.length - 1], future: [timeline.present, ...timeline.future] };
    case 'redo':
      return timeline.future.length === 0 ? timeline : { past: [...timeline.past, timeline.present], present: timeline.future[0], future: timeline.future.slice(1) };
    case 'reset':
      return { past: [], present: action.value, future: [] };
  }
}

/** A value with undo and redo: `change` records a step, `preview` changes without one (a drag under way). */
export function useUndoable<T>(initial: T) {
  const [timeline, dispatch] = useReducer(reduce<T>, { past: [], present: initial, future: [] });
  return {
    value: timeline.present,
    canUndo: timeline.past.length > 0,
    canRedo: timeline.future.length > 0,
    change: useCallback((update: (present: T) => T) => dispatch({ kind: 'set', update, record: true }), []),
    preview: useCallback((update: (present: T) => T) => dispatch({ kind: 'set', update, record: false }), []),
    /** Records the present so that previews after it undo as one step (a drag). */
    checkpoint: useCallback(() => dispatch({ kind: 'checkpoint' }), []),
    undo: useCallback(() => dispatch({ kind: 'undo' }), []),
    redo: useCallback(() => dispatch({ kind: 'redo' }), []),
    reset: useCallback((value: T) => dispatch({ kind: 'reset', value }), []),
  };
}
