import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { useResetClient } from '../app/GraphQLClientProvider';
import { graphql } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { inSessionOrder } from './session-order';

const RegisterMutation = graphql(`
  mutation Register($input: NewUserInput!) {
    register(input: $input) {
      id
      email
      username
    }
  }
`);

/**
 * Register: the graph's `register` makes the account and signs the visitor in; the history they
 * started as a visitor becomes theirs. The graph decides whether registration is open; a refusal
 * is shown as its message.
 */
export function RegisterPage() {
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [registered, register] = useMutation(RegisterMutation);
  const resetClient = useResetClient();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await inSessionOrder(() => register({ input: { email, username, password } }));
    if (!outcome.data?.register) return;
    resetClient();
    navigate('/');
  };

  return (
    <Page title="Register">
      <form className="form" onSubmit={submit}>
        <label>
          Email
          <input type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          Public name
          <input autoComplete="username" required pattern="[a-z0-9._\-]{3,}" value={username} onChange={(event) => setUsername(event.target.value)} aria-describedby="username-help" />
        </label>
        <small id="username-help">At least 3 characters: lower-case letters, digits, '.', '_' and '-'.</small>
        <label>
          Password
          <input type="password" autoComplete="new-password" required minLength={6} value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        <ErrorMessage error={registered.error} what="Could not register" />
        <button type="submit" disabled={registered.fetching}>
          Register
        </button>
      </form>
      <p>
        Already registered? <Link to="/login">Sign in</Link>
      </p>
    </Page>
  );
}
