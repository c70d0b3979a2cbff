import { Link } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { graphql } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { QuotaUsage } from './QuotaUsage';
import { useViewer } from './viewer';

const ApiKeyQuery = graphql(`
  query OwnApiKey {
    viewer {
      apiKey
    }
  }
`);

const CreateOwnApiKeyMutation = graphql(`
  mutation CreateOwnApiKey {
    createOwnApiKey
  }
`);

/** User preferences: who you are, your disk usage, and your API key (for scripts), which you may replace. */
export function UserPage() {
  const { viewer, error } = useViewer();
  const user = viewer?.user;
  const [keyResult, reexecuteKey] = useQuery({ query: ApiKeyQuery, pause: !user, requestPolicy: 'network-only' });
  const [created, createKey] = useMutation(CreateOwnApiKeyMutation);
  const key = created.data?.createOwnApiKey ?? keyResult.data?.viewer.apiKey ?? null;

  const newKey = async () => {
    const outcome = await createKey({});
    if (outcome.data) reexecuteKey({ requestPolicy: 'network-only' });
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
            <QuotaUsage />
          </dl>
          <h2>API key</h2>
          <p>
            Scripts and client libraries pass this key as <code>?key=</code>. A new key replaces the older ones, which stop working.
          </p>
          <ErrorMessage error={keyResult.error} what="Could not read your key" />
          {key ? (
            <p>
              Your API key: <output aria-label="API key" className="api-key">{key}</output>
            </p>
          ) : (
            keyResult.data && <p>You have no API key yet.</p>
          )}
          <ErrorMessage error={created.error} what="Could not create a key" />
          <button type="button" onClick={newKey} disabled={created.fetching}>
            {key ? 'Replace your API key' : 'Create an API key'}
          </button>
        </>
      )}
    </Page>
  );
}
