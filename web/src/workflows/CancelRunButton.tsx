import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { CancelInvocationMutation } from './workflow-documents';

/** Cancels a run that is not over (its unfinished jobs are deleted); `onCancelled` reads the run again. */
export function CancelRunButton({ invocationId, onCancelled }: { invocationId: string; onCancelled(): void }) {
  const [result, cancel] = useMutation(CancelInvocationMutation);
  const run = async () => {
    const outcome = await cancel({ id: invocationId });
    if (outcome.data) onCancelled();
  };
  return (
    <>
      <button type="button" onClick={run} disabled={result.fetching}>
        Cancel run
      </button>
      <ErrorMessage error={result.error} what="Could not cancel" />
    </>
  );
}
