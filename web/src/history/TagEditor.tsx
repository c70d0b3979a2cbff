import { type FormEvent, useState } from 'react';
import type { CombinedError } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';

/** Tags as chips (`name` or `name:value`), read only. */
export function TagChips({ tags, label }: { tags: readonly string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tags" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className="tag">
          {tag}
        </li>
      ))}
    </ul>
  );
}

interface TagEditorProps {
  tags: readonly string[];
  /** What the tags belong to, in the controls' names: "history Experiment", "dataset 3: reads". */
  owner: string;
  /** Saves the whole new list; answers the graph's refusal, if any. */
  onSave(tags: string[]): Promise<CombinedError | undefined>;
}

/** A history's or a dataset's tags: each chip with its remove button, and a field to add one. */
export function TagEditor({ tags, owner, onSave }: TagEditorProps) {
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<CombinedError | undefined>();
  const save = async (next: string[]) => {
    setSaving(true);
    const refusal = await onSave(next);
    setSaving(false);
    setError(refusal);
    return !refusal;
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.trim();
    if (!tag) return;
    if (tags.includes(tag) || (await save([...tags, tag]))) setDraft('');
  };
  return (
    <div className="tag-editor">
      {tags.length > 0 && (
        <ul className="tags" aria-label={`Tags of ${owner}`}>
          {tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
              <button type="button" className="tag-remove" disabled={saving} aria-label={`Remove tag ${tag}`} onClick={() => void save(tags.filter((kept) => kept !== tag))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="inline-form tag-add" onSubmit={add}>
        <label>
          <span className="visually-hidden">New tag of {owner}</span>
          <input value={draft} placeholder="tag or name:value" onChange={(event) => setDraft(event.target.value)} />
        </label>
        <button type="submit" disabled={saving || !draft.trim()}>
          Add tag
        </button>
      </form>
      <ErrorMessage error={error} what="Could not change the tags" />
    </div>
  );
}
