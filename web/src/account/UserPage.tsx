import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from 'urql';
import { graphql } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { useViewer } from './viewer';

const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($userId: ID!) {
    createApiKey(userId: $userId)
  }
`);

/** User preferences: who you are, your disk usage, and your API key (for scripts). */
export function UserPage() {
  const { viewer, error } = useViewer();
  const [created, createApiKey] = useMutation(CreateApiKeyMutation);
  const [key, setKey] = useState<string | null>(null);
  const user = viewer?.user;

  const newKey = async () => {
    if (!user) return;
    const outcome = await createApiKey({ userId: user.id });
    if (outcome.data) setKey(outcome.data.createApiKey);
  };

  return (
    <Page title="User preferences">
      <ErrorMessage error={error} />
      {viewer && !user && (
        <p>
          You are not signed in. <Link to="/login">Sign in</Link> to see your preferences.
        </p>
      )}
      {user && (
        <>
          <dl className="facts">
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Public name</dt>
            <dd>{user.username}</dd>
            <dt>Disk usage</dt>
            <dd>{user.niceTotalDiskUsage}</dd>
          </dl>
          <h2>API key</h2>
          <p>Scripts and client libraries pass this key as <code>?key=</code>. A new key replaces the older ones, which stop working.</p>
          {key ? (
            <p>
              Your API key: <output aria-label="API key" className="api-key">{key}</output>
            </p>
          ) : (
            <p>Your current key is not shown again: create a new one to see it.</p>
          )}
          <ErrorMessage error={created.error} what="Could not create a key" />
          <button type="button" onClick={newKey} disabled={created.fetching}>
            Create a new API key
          </button>
        </>
      )}
    </Page>
  );
}
