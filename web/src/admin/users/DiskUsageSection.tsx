import { useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { AdminSection } from './AdminSection';
import { type AdminUser, RecalculateDiskUsageMutation } from './users-documents';

/** The user's disk usage and quota use, and 15.05's "Recalculate disk usage". */
export function DiskUsageSection({ user }: { user: AdminUser }) {
  const [result, recalculate] = useMutation(RecalculateDiskUsageMutation);
  const now = result.data?.recalculateUserDiskUsage ?? user;
  return (
    <AdminSection title="Disk usage">
      <p>
        Disk usage: {now.niceTotalDiskUsage}. Quota use: {now.quotaPercent === null || now.quotaPercent === undefined ? 'no limit' : `${now.quotaPercent}%`}.
      </p>
      <button type="button" disabled={result.fetching} onClick={() => void recalculate({ id: user.id })}>
        Recalculate disk usage
      </button>
      {result.data && <p role="status">Recalculated: {result.data.recalculateUserDiskUsage.niceTotalDiskUsage}.</p>}
      <ErrorMessage error={result.error} what="Could not recalculate" />
    </AdminSection>
  );
}
