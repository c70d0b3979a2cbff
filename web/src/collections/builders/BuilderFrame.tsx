import { type FormEvent, type ReactNode, useState } from 'react';
import { useMutation } from 'urql';
import type { VariablesOf } from '../../graphql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { BuildCollectionMutation } from './builder-documents';

export type CollectionInput = VariablesOf<typeof BuildCollectionMutation>['input'];

interface BuilderFrameProps {
  /** The builder's title, 15.05's words ("Build Dataset List"…), also the region's name. */
  title: string;
  historyId: string;
  /** The create button's words ("Create list"). */
  createLabel: string;
  /** Why the collection cannot be created yet (null: it can). */
  problem: string | null;
  /** The collection to create, without its name and hiding. */
  input(): Omit<CollectionInput, 'name' | 'hideSourceItems'>;
  onCreated(collection: { id: string; hid: number; name: string; elementCount: number }): void;
  onCancel(): void;
  children: ReactNode;
}

/** What every builder has: its elements (children), the collection's name, "Hide original elements", create (one request) and cancel. */
export function BuilderFrame({ title, historyId, createLabel, problem, input, onCreated, onCancel, children }: BuilderFrameProps) {
  const [name, setName] = useState('');
  const [hide, setHide] = useState(true);
  const [built, build] = useMutation(BuildCollectionMutation);
  const [tookMs, setTookMs] = useState<number | null>(null);
  const blocked = problem ?? (name.trim() === '' ? 'Name the collection.' : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    const started = performance.now();
    const outcome = await build({ historyId, input: { ...input(), name: name.trim(), hideSourceItems: hide } });
    setTookMs(Math.round(performance.now() - started));
    const collection = outcome.data?.buildCollectionFromSelection;
    if (collection) onCreated(collection);
  };

  return (
    <section className="collection-builder" aria-label={title}>
      <h3>{title}</h3>
      <form onSubmit={(event) => void submit(event)}>
        {children}
        <div className="builder-footer">
          <label>
            Name <input type="text" value={name} onChange={(event) => setName(event.target.value)} placeholder="Enter a name for your new collection" />
          </label>
          <label>
            <input type="checkbox" checked={hide} onChange={(event) => setHide(event.target.checked)} /> Hide original elements
          </label>
          <div className="actions">
            <button type="submit" disabled={blocked !== null || built.fetching}>
              {createLabel}
            </button>
            <button type="button" onClick={onCancel}>
              Cancel
            </button>
          </div>
          {blocked && name !== '' && <p className="muted">{blocked}</p>}
          {built.fetching && <p role="status">Creating…</p>}
          {tookMs !== null && !built.error && <p className="muted">Created in {tookMs} ms.</p>}
        </div>
      </form>
      <ErrorMessage error={built.error} what="Could not create the collection" />
    </section>
  );
}
