import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { useResetClient } from '../app/GraphQLClientProvider';
import { graphql } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';

const CreateUserMutation = graphql(`
  mutation CreateUser($input: NewUserInput!) {
    createUser(input: $input) {
      id
      email
      username
    }
  }
`);

const LoginMutation = graphql(`
  mutation LoginAfterRegistering($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      id
    }
  }
`);

/**
 * Register: the graph's createUser, then signing in as the new user. The graph decides who may
 * create users (today: administrators only); a refusal is shown as its message.
 */
export function RegisterPage() {
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [created, createUser] = useMutation(CreateUserMutation);
  const [signedIn, login] = useMutation(LoginMutation);
  const resetClient = useResetClient();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await createUser({ input: { email, username, password } });
    if (!outcome.data?.createUser) return;
    const session = await login({ email, password });
    if (session.data?.login) {
      resetClient();
      navigate('/');
    }
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
        <ErrorMessage error={created.error} what="Could not register" />
        <ErrorMessage error={signedIn.error} what="Registered, but could not sign in" />
        <button type="submit" disabled={created.fetching || signedIn.fetching}>
          Register
        </button>
      </form>
      <p>
        Already registered? <Link to="/login">Sign in</Link>
      </p>
    </Page>
  );
}
