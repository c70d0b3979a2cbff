import { useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { useResetClient } from '../app/GraphQLClientProvider';
import { graphql } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { inSessionOrder } from './session-order';

const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

/** Ends the browser session, empties the cache and goes to the sign-in screen. */
export function SignOutButton() {
  const [result, logout] = useMutation(LogoutMutation);
  const resetClient = useResetClient();
  const navigate = useNavigate();
  const signOut = async () => {
    const outcome = await inSessionOrder(() => logout({}));
    if (outcome.error) return;
    resetClient();
    navigate('/login');
  };
  return (
    <>
      <button type="button" className="link-button" onClick={signOut} disabled={result.fetching}>
        Sign out
      </button>
      <ErrorMessage error={result.error} what="Could not sign out" />
    </>
  );
}
