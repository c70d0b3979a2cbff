import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import type { ShareableKind } from './shareable-kinds';
import { ShareWithUsersMutation } from './sharing-documents';

/** The users an item is shared with: add one by email, or stop sharing with one. */
export function UsersSharedWith({ id, kind, users }: { id: string; kind: ShareableKind; users: Array<{ id: string; email: string }> }) {
  const [email, setEmail] = useState('');
  const [result, share] = useMutation(ShareWithUsersMutation);
  const [refused, setRefused] = useState<string[]>([]);
  const shareWith = async (emails: string[]) => {
    const outcome = await share({ id, kind, users: emails });
    const errors = outcome.data?.shareWithUsers.errors ?? [];
    setRefused(errors);
    return outcome.data !== undefined && errors.length === 0;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const added = email.trim();
    if (!added) return;
    if (await shareWith([...users.map((user) => user.email), added])) setEmail('');
  };
  return (
    <section aria-labelledby="shared-with-title">
      <h2 id="shared-with-title">Shared with</h2>
      {users.length === 0 ? (
        <p>Not shared with anyone.</p>
      ) : (
        <ul>
          {users.map((user) => (
            <li key={user.id}>
              {user.email}{' '}
              <button type="button" onClick={() => shareWith(users.filter((other) => other.id !== user.id).map((other) => other.email))} aria-label={`Stop sharing with ${user.email}`}>
                Stop sharing
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="inline-form" onSubmit={submit}>
        <label>
          Share with (email)
          <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <button type="submit" disabled={result.fetching}>
          Share
        </button>
      </form>
      {refused.length > 0 && <ErrorMessage error={refused.join(' ')} what="Not shared with" />}
      <ErrorMessage error={result.error} what="Could not share" />
    </section>
  );
}
