import { useEffect, useRef, useState } from 'react';
import type { CombinedError } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';

interface PurgeButtonProps {
  /** What goes, in the controls' names and the question: "dataset 3: reads", "history Experiment". */
  what: string;
  /** Purges; answers the graph's refusal, if any. */
  onPurge(): Promise<CombinedError | undefined>;
}

/**
 * Purge, asked twice: the first press asks whether to remove it for good (it cannot be undeleted
 * afterwards), the second purges. Escape or Cancel gives up.
 */
export function PurgeButton({ what, onPurge }: PurgeButtonProps) {
  const [asking, setAsking] = useState(false);
  const [purging, setPurging] = useState(false);
  const [error, setError] = useState<CombinedError | undefined>();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <button type="button" className="danger" aria-label={`Purge ${what}`} onClick={() => setAsking(true)}>
        Purge
      </button>
    );
  }
  const purge = async () => {
    setPurging(true);
    const refusal = await onPurge();
    setPurging(false);
    setError(refusal);
    if (!refusal) setAsking(false);
  };
  return (
    <div className="confirm" role="group" aria-label={`Purge ${what}?`} onKeyDown={(event) => event.key === 'Escape' && setAsking(false)}>
      <p>
        Purge {what} for good? Its files are removed from the disk and it can no longer be undeleted.
      </p>
      <div className="actions">
        <button ref={confirm} type="button" className="danger" disabled={purging} onClick={() => void purge()}>
          Purge for good
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
      <ErrorMessage error={error} what="Could not purge" />
    </div>
  );
}
