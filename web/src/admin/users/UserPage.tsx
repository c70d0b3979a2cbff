import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Page } from '../../ui/Page';
import { ApiKeySection } from './ApiKeySection';
import { DiskUsageSection } from './DiskUsageSection';
import { EditUserForm } from './EditUserForm';
import { ImpersonateSection } from './ImpersonateSection';
import { ResetPasswordForm } from './ResetPasswordForm';
import { UserMemberships } from './UserMemberships';
import { UserStateSection } from './UserStateSection';
import { AdminUserQuery } from './users-documents';

/**
 * `/admin/users/<id>`: one user for an administrator: edit the email and public name, reset the
 * password, a new API key, disk usage, roles and groups, delete, undelete or purge, impersonate
 * (when the configuration allows it). A purged user is only a record: nothing is offered but reading.
 */
export function UserPage() {
  const { userId = '' } = useParams();
  const [result] = useQuery({ query: AdminUserQuery, variables: { id: userId } });
  const user = result.data?.adminUser;
  if (!user) {
    return (
      <Page title="User">
        {result.fetching ? <p role="status">Loading…</p> : <ErrorMessage error={result.error} what="Could not read the user" />}
      </Page>
    );
  }
  const state = user.purged ? ' (purged)' : user.deleted ? ' (deleted)' : '';
  return (
    <Page title={`User ${user.email ?? user.id}${state}`}>
      {user.isAdmin && <p>An administrator (listed in ADMIN_USERS).</p>}
      {!user.purged && <EditUserForm user={user} />}
      {!user.purged && <ResetPasswordForm user={user} />}
      {!user.deleted && <ApiKeySection user={user} />}
      <DiskUsageSection user={user} />
      <UserMemberships user={user} />
      <UserStateSection user={user} />
      {result.data?.userImpersonationAllowed && !user.deleted && <ImpersonateSection user={user} />}
    </Page>
  );
}
