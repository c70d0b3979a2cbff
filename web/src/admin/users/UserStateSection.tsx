import { useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { AdminSection } from './AdminSection';
import { PurgeUserConfirm } from './PurgeUserConfirm';
import { type AdminUser, DeleteUserMutation, UndeleteUserMutation } from './users-documents';

/** Delete, then Undelete or Purge (what purging removes is shown before it is confirmed). */
export function UserStateSection({ user }: { user: AdminUser }) {
  const [deleted, remove] = useMutation(DeleteUserMutation);
  const [undeleted, undelete] = useMutation(UndeleteUserMutation);
  if (user.purged) {
    return (
      <AdminSection title="Delete">
        <p>This user was purged: only this record of them is kept.</p>
      </AdminSection>
    );
  }
  if (!user.deleted) {
    return (
      <AdminSection title="Delete">
        <p>A deleted user can no longer sign in or use their API keys; what they own stays until they are purged.</p>
        <button type="button" className="danger" disabled={deleted.fetching} onClick={() => void remove({ id: user.id })}>
          Delete user
        </button>
        <ErrorMessage error={deleted.error} what="Could not delete" />
      </AdminSection>
    );
  }
  return (
    <AdminSection title="Undelete or purge">
      <p>This user is deleted.</p>
      <button type="button" disabled={undeleted.fetching} onClick={() => void undelete({ id: user.id })}>
        Undelete user
      </button>
      <ErrorMessage error={undeleted.error} what="Could not undelete" />
      <PurgeUserConfirm user={user} />
    </AdminSection>
  );
}
