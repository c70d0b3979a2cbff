import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { useResetClient } from '../app/GraphQLClientProvider';
import { graphql } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { inSessionOrder } from './session-order';

const LoginMutation = graphql(`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      id
      email
    }
  }
`);

/** Sign in with email and password; the graph sets the session cookie. */
export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [result, login] = useMutation(LoginMutation);
  const resetClient = useResetClient();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await inSessionOrder(() => login({ email, password }));
    if (outcome.data?.login) {
      resetClient();
      navigate('/');
    }
  };

  return (
    <Page title="Sign in">
      <form className="form" onSubmit={submit}>
        <label>
          Email
          <input type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          Password
          <input type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        <ErrorMessage error={result.error} what="Could not sign in" />
        <button type="submit" disabled={result.fetching}>
          Sign in
        </button>
      </form>
      <p>
        No account yet? <Link to="/register">Register</Link>
      </p>
    </Page>
  );
}
