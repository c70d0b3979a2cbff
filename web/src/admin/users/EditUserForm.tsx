import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { AdminSection } from './AdminSection';
import { type AdminUser, UpdateUserMutation } from './users-documents';

/** The user's email and public name, changed with the registration's rules (the graph checks them). */
export function EditUserForm({ user }: { user: AdminUser }) {
  const [email, setEmail] = useState(user.email ?? '');
  const [username, setUsername] = useState(user.username ?? '');
  const [saved, setSaved] = useState(false);
  const [result, update] = useMutation(UpdateUserMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const outcome = await update({ id: user.id, input: { email, username } });
    setSaved(Boolean(outcome.data?.updateUser));
  };
  return (
    <AdminSection title="Edit">
      <form className="form" onSubmit={submit}>
        <label>
          Email
          <input type="email" autoComplete="off" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          Public name
          <input autoComplete="off" required value={username} onChange={(event) => setUsername(event.target.value)} />
        </label>
        <ErrorMessage error={result.error} what="Could not save" />
        {saved && <p role="status">Saved.</p>}
        <button type="submit" disabled={result.fetching}>
          Save
        </button>
      </form>
    </AdminSection>
  );
}
