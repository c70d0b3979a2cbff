import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { CombinedError } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';

interface AnnotationEditorProps {
  annotation: string | null | undefined;
  /** What is annotated, in the controls' names: "history Experiment", "dataset 3: reads". */
  owner: string;
  /** Absent: the annotation is only shown. */
  onSave?(annotation: string | null): Promise<CombinedError | undefined>;
}

/** A history's or a dataset's annotation: shown, and (when it may change) edited in place. */
export function AnnotationEditor({ annotation, owner, onSave }: AnnotationEditorProps) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<CombinedError | undefined>();
  if (editing && onSave) {
    return (
      <AnnotationForm
        annotation={annotation ?? ''}
        owner={owner}
        error={error}
        onCancel={() => setEditing(false)}
        onSave={async (text) => {
          const refusal = await onSave(text || null);
          setError(refusal);
          if (!refusal) setEditing(false);
        }}
      />
    );
  }
  return (
    <div className="annotation">
      {annotation ? (
        <p className="annotation-text">
          <span className="visually-hidden">Annotation: </span>
          {annotation}
        </p>
      ) : (
        onSave && <p className="muted">No annotation.</p>
      )}
      {onSave && (
        <button type="button" className="link-button" aria-label={annotation ? `Edit annotation of ${owner}` : `Annotate ${owner}`} onClick={() => setEditing(true)}>
          {annotation ? 'Edit annotation' : 'Annotate'}
        </button>
      )}
    </div>
  );
}

function AnnotationForm(props: { annotation: string; owner: string; error: CombinedError | undefined; onSave(text: string): Promise<void>; onCancel(): void }) {
  const [text, setText] = useState(props.annotation);
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    await props.onSave(text.trim());
    setSaving(false);
  };
  return (
    <form className="annotation-form" onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && props.onCancel()}>
      <label>
        Annotation of {props.owner}
        <textarea ref={field} rows={3} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <div className="actions">
        <button type="submit" disabled={saving}>
          Save annotation
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
      <ErrorMessage error={props.error} what="Could not save the annotation" />
    </form>
  );
}
