import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { graphql } from '../graphql';

const MostRecentlyUsedQuery = graphql(`
  query MostRecentlyUsedHistory {
    history(id: "most_recently_used") {
      id
    }
  }
`);

interface CurrentHistory {
  /** null: none yet (an anonymous visitor's first upload creates it); undefined: still asking. */
  historyId: string | null | undefined;
  choose(historyId: string): void;
}

const CurrentHistoryContext = createContext<CurrentHistory>({ historyId: undefined, choose: () => undefined });

/** The history uploads go to and `/` shows. */
export const useCurrentHistory = (): CurrentHistory => useContext(CurrentHistoryContext);

const storageKey = (userId: string | null) => `current-history:${userId ?? 'anonymous'}`;

function readChoice(userId: string | null): string | null {
  try {
    return window.localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

/**
 * The current history: the one chosen in this browser (remembered per user), else the platform's
 * most recently used one (for an anonymous visitor: the session's current history, if any).
 * The graph has no mutation that sets the session's current history, so the choice is kept here.
 */
export function CurrentHistoryProvider({ children }: { children: ReactNode }) {
  const { viewer } = useViewer();
  const userId = viewer ? (viewer.user?.id ?? null) : undefined;
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (userId !== undefined) setChosen(readChoice(userId));
  }, [userId]);
  const [recent] = useQuery({ query: MostRecentlyUsedQuery, pause: userId === undefined || chosen !== null });

  const choose = useCallback(
    (historyId: string) => {
      setChosen(historyId);
      if (userId === undefined) return;
      try {
        window.localStorage.setItem(storageKey(userId), historyId);
      } catch {
        // Private browsing without storage: the choice lasts for this page only.
      }
    },
    [userId],
  );

  const historyId = chosen ?? (recent.data ? (recent.data.history?.id ?? null) : recent.error ? null : undefined);
  const value = useMemo(() => ({ historyId, choose }), [historyId, choose]);
  return <CurrentHistoryContext.Provider value={value}>{children}</CurrentHistoryContext.Provider>;
}
