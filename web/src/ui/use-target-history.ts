import { useCallback } from 'react';
import { useMutation } from 'urql';
import { graphql } from '../graphql';
import { useCurrentHistory } from '../history/current-history';

const EnsureCurrentHistoryMutation = graphql(`
  mutation EnsureCurrentHistory {
    ensureCurrentHistory {
      id
      name
    }
  }
`);

/**
 * The history that imports and workflow runs put their datasets in: the current one, or (none
 * yet) the one the graph gives the session as the platform does when its page opens.
 */
export function useTargetHistory(): { historyId: string | null | undefined; ensure(): Promise<string> } {
  const { historyId, choose } = useCurrentHistory();
  const [, ensureCurrent] = useMutation(EnsureCurrentHistoryMutation);
  const ensure = useCallback(async (): Promise<string> => {
    if (historyId) return historyId;
    const outcome = await ensureCurrent({});
    const ensured = outcome.data?.ensureCurrentHistory;
    if (!ensured) throw new Error(outcome.error?.graphQLErrors[0]?.message ?? outcome.error?.message ?? 'There is no current history.');
    choose(ensured.id);
    return ensured.id;
  }, [historyId, choose, ensureCurrent]);
  return { historyId, ensure };
}
