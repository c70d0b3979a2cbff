import { type FormEvent, useId, useState } from 'react';
import type { CombinedError } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { MemberPicker, type Pick } from './MemberPicker';
import { useGroupOptions, useUserOptions } from './pick-options';

/** A quota as its form edits it (15.05's quota screens: amount, operation, default for). */
export interface QuotaFields {
  name: string;
  description: string;
  /** "10 GB", "500 MB", "unlimited". */
  amount: string;
  operation: string;
  /** "no", "unregistered" or "registered". */
  defaultFor: string;
  users: Pick[];
  groups: Pick[];
}

interface Props {
  initial: QuotaFields;
  submitLabel: string;
  onSubmit: (fields: QuotaFields) => void;
  busy: boolean;
  error?: CombinedError;
  /** Said after a save. */
  said?: string;
  label: string;
}

/** The quota's fields: a default quota applies to every user of its kind and has no users or groups of its own. */
export function QuotaForm({ initial, submitLabel, onSubmit, busy, error, said, label }: Props) {
  const [fields, setFields] = useState(initial);
  const operationId = useId();
  const defaultId = useId();
  const set = <K extends keyof QuotaFields>(key: K, value: QuotaFields[K]) => setFields((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(fields);
  };
  return (
    <form className="panel admin-form" aria-label={label} onSubmit={submit}>
      <label>
        Name
        <input value={fields.name} onChange={(event) => set('name', event.target.value)} required />
      </label>
      <label>
        Description
        <input value={fields.description} onChange={(event) => set('description', event.target.value)} required />
      </label>
      <label>
        Amount
        <input value={fields.amount} onChange={(event) => set('amount', event.target.value)} placeholder="10 GB, 500 MB or unlimited" required />
      </label>
      <label htmlFor={operationId}>Operation</label>
      <select id={operationId} value={fields.operation} onChange={(event) => set('operation', event.target.value)}>
        <option value="=">= (the amount is the user&apos;s quota)</option>
        <option value="+">+ (adds to the user&apos;s quota)</option>
        <option value="-">- (takes from the user&apos;s quota)</option>
      </select>
      <label htmlFor={defaultId}>Default for</label>
      <select id={defaultId} value={fields.defaultFor} onChange={(event) => set('defaultFor', event.target.value)}>
        <option value="no">No (the users and groups below)</option>
        <option value="unregistered">Unregistered users</option>
        <option value="registered">Registered users</option>
      </select>
      {fields.defaultFor === 'no' ? (
        <>
          <MemberPicker legend="Users" noun="user" chosen={fields.users} onChange={(users) => set('users', users)} useOptions={useUserOptions} hint="a part of the email" />
          <MemberPicker legend="Groups" noun="group" chosen={fields.groups} onChange={(groups) => set('groups', groups)} useOptions={useGroupOptions} hint="a part of the name" />
        </>
      ) : (
        <p className="hint">A default quota applies to every {fields.defaultFor} user without a quota of their own; its operation is &quot;=&quot;.</p>
      )}
      <ErrorMessage error={error} what="Could not save the quota" />
      {said && <p role="status">{said}</p>}
      <button type="submit" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
