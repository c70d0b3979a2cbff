import { useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { AdminSection } from './AdminSection';
import { type AdminUser, CreateApiKeyMutation } from './users-documents';

/** A new API key for the user, shown once here (the user's older keys stop working). */
export function ApiKeySection({ user }: { user: AdminUser }) {
  const [result, create] = useMutation(CreateApiKeyMutation);
  const key = result.data?.createApiKey;
  return (
    <AdminSection title="API key">
      <p>A new key replaces the user's current one: their older keys stop working.</p>
      <button type="button" disabled={result.fetching} onClick={() => void create({ userId: user.id })}>
        Create a new API key
      </button>
      <ErrorMessage error={result.error} what="Could not create a key" />
      {key && (
        <p role="status">
          The new key (shown only now): <code className="api-key">{key}</code>
        </p>
      )}
    </AdminSection>
  );
}
