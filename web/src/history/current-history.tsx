import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type CombinedError, useMutation } from 'urql';
import { useViewer } from '../account/viewer';
import { inSessionOrder } from '../account/session-order';
import { graphql } from '../graphql';

const EnsureCurrentHistoryMutation = graphql(`
  mutation EnsureCurrentHistory {
    ensureCurrentHistory {
      id
      name
    }
  }
`);

const SetCurrentHistoryMutation = graphql(`
  mutation SetCurrentHistory($id: ID!) {
    setCurrentHistory(id: $id) {
      id
      name
    }
  }
`);

interface CurrentHistory {
  /** undefined: still asking (or the graph refused: see `error`). */
  historyId: string | undefined;
  error: CombinedError | undefined;
  choose(historyId: string): void;
}

const CurrentHistoryContext = createContext<CurrentHistory>({ historyId: undefined, error: undefined, choose: () => undefined });

/** The history uploads and tools go to and `/` shows. */
export const useCurrentHistory = (): CurrentHistory => useContext(CurrentHistoryContext);

/**
 * The browser session's current history, as the server keeps it: `ensureCurrentHistory` when the
 * session's identity is known (a visitor gets one, and a session for it), `setCurrentHistory` to switch.
 */
export function CurrentHistoryProvider({ children }: { children: ReactNode }) {
  const { viewer } = useViewer();
  const identity = viewer ? (viewer.user?.id ?? 'visitor') : undefined;
  const [ensured, ensure] = useMutation(EnsureCurrentHistoryMutation);
  const [chosen, setCurrent] = useMutation(SetCurrentHistoryMutation);
  const [historyId, setHistoryId] = useState<string | undefined>(undefined);

  useEffect(() => {
    setHistoryId(undefined);
    if (identity === undefined) return;
    let current = true;
    void inSessionOrder(() => ensure({})).then((outcome) => {
      if (current && outcome.data) setHistoryId(outcome.data.ensureCurrentHistory.id);
    });
    return () => {
      current = false;
    };
  }, [identity, ensure]);

  const choose = useCallback(
    (id: string) => {
      void setCurrent({ id }).then((outcome) => {
        if (outcome.data) setHistoryId(outcome.data.setCurrentHistory.id);
      });
    },
    [setCurrent],
  );

  const value = useMemo(() => ({ historyId, error: ensured.error ?? chosen.error, choose }), [historyId, ensured.error, chosen.error, choose]);
  return <CurrentHistoryContext.Provider value={value}>{children}</CurrentHistoryContext.Provider>;
}
