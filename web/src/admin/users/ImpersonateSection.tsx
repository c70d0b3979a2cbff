import { useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { AdminSection } from './AdminSection';
import { type AdminUser, ImpersonateUserMutation } from './users-documents';

/**
 * 15.05's "Impersonate user" (offered only when ALLOW_USER_IMPERSONATION is on): this browser's
 * session becomes the user's, so the whole UI starts again as them.
 */
export function ImpersonateSection({ user }: { user: AdminUser }) {
  const [result, impersonate] = useMutation(ImpersonateUserMutation);
  const start = async () => {
    const outcome = await impersonate({ id: user.id });
    if (outcome.data?.impersonateUser) window.location.assign('/');
  };
  return (
    <AdminSection title="Impersonate user">
      <p>Your session becomes {user.email}'s: you are signed out as yourself and see the platform as they do. It is put on the audit log.</p>
      <button type="button" disabled={result.fetching} onClick={() => void start()}>
        Impersonate user
      </button>
      <ErrorMessage error={result.error} what="Could not impersonate" />
    </AdminSection>
  );
}
