import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { CancelInvocationMutation } from './workflow-documents';

/** Cancels a run that is not over (its unfinished jobs are deleted); the run screen's subscription shows the outcome. */
export function CancelRunButton({ invocationId }: { invocationId: string }) {
  const [result, cancel] = useMutation(CancelInvocationMutation);
  const run = () => void cancel({ id: invocationId });
  return (
    <>
      <button type="button" onClick={run} disabled={result.fetching}>
        Cancel run
      </button>
      <ErrorMessage error={result.error} what="Could not cancel" />
    </>
  );
}
