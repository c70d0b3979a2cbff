import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Page } from '../../ui/Page';
import { CreateUserMutation } from './users-documents';

/** `/admin/users/new`: an administrator creates an account (the graph's `createUser`, the registration's rules). */
export function CreateUserPage() {
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [created, create] = useMutation(CreateUserMutation);
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password !== confirm) return;
    const outcome = await create({ input: { email, username, password } });
    if (outcome.data?.createUser) navigate(`/admin/users/${outcome.data.createUser.id}`);
  };
  return (
    <Page title="Create user">
      <form className="form" onSubmit={submit}>
        <label>
          Email
          <input type="email" autoComplete="off" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          Public name
          <input autoComplete="off" required value={username} onChange={(event) => setUsername(event.target.value)} aria-describedby="new-user-name-help" />
        </label>
        <small id="new-user-name-help">At least 3 characters: lower-case letters, digits and '-'.</small>
        <label>
          Password
          <input type="password" autoComplete="new-password" required minLength={6} value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        <label>
          Confirm password
          <input type="password" autoComplete="new-password" required value={confirm} onChange={(event) => setConfirm(event.target.value)} />
        </label>
        <ErrorMessage error={mismatch ? 'Passwords do not match.' : created.error} what="Could not create the user" />
        <button type="submit" disabled={created.fetching}>
          Create user
        </button>
      </form>
    </Page>
  );
}
