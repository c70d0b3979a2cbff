import { useState } from 'react';
import type { CombinedError } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';

interface Props {
  /** "role", "group", "quota". */
  noun: string;
  name: string;
  deleted: boolean;
  onDelete: () => void;
  onUndelete: () => void;
  /** Absent: the item cannot be purged now. */
  onPurge?: () => void;
  /** What purging removes, said before the confirmation. */
  purgeSays: string;
  /** Purged while live, with its deletion (quotas: "Delete and purge"), rather than once deleted. */
  purgeWhileLive?: boolean;
  busy: boolean;
  error?: CombinedError;
}

/** Delete, or for a deleted item Undelete and Purge (after saying what purging removes). */
export function LifecycleControls({ noun, name, deleted, onDelete, onUndelete, onPurge, purgeSays, purgeWhileLive = false, busy, error }: Props) {
  const [confirming, setConfirming] = useState(false);
  const purgeLabel = purgeWhileLive ? `Delete and purge ${noun}` : `Purge ${noun}`;
  const purgeable = onPurge && deleted !== purgeWhileLive;
  const confirm = purgeable && confirming && (
    <div role="alertdialog" aria-label={`${purgeLabel} ${name}`} className="confirm">
      <p>{purgeSays} This cannot be undone.</p>
      <button type="button" onClick={() => { setConfirming(false); onPurge?.(); }} disabled={busy}>
        {purgeLabel} {name}
      </button>{' '}
      <button type="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </div>
  );
  const purgeButton = purgeable && !confirming && (
    <button type="button" onClick={() => setConfirming(true)} disabled={busy}>
      {purgeLabel}
    </button>
  );
  return (
    <section className="panel" aria-label={`Delete or restore the ${noun}`}>
      <ErrorMessage error={error} what={`Could not change the ${noun}`} />
      {!deleted && (
        <div className="actions">
          <button type="button" onClick={onDelete} disabled={busy}>
            Delete {noun}
          </button>
          {purgeButton}
        </div>
      )}
      {!deleted && confirm}
      {deleted && (
        <>
          <p>
            This {noun} is deleted.
          </p>
          <div className="actions">
            <button type="button" onClick={onUndelete} disabled={busy}>
              Undelete {noun}
            </button>
            {purgeButton}
          </div>
          {confirm}
        </>
      )}
    </section>
  );
}
