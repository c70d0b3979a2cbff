import { type FormEvent, useEffect, useRef, useState } from 'react';

/** An inline form that renames something: Save submits, Escape or Cancel gives up. */
export function RenameForm({ label, name, onRename, onCancel }: { label: string; name: string; onRename(name: string): void; onCancel(): void }) {
  const [value, setValue] = useState(name);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.select();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed) onRename(trimmed);
  };
  return (
    <form className="inline-form" onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      <label>
        {label}
        <input ref={input} required value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <button type="submit">Save</button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
