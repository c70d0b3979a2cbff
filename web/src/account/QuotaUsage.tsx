import { useQuery } from 'urql';
import { graphql } from '../graphql';
import { formatSize } from '../ui/format-size';

const OwnQuotaQuery = graphql(`
  query OwnQuota {
    viewer {
      user {
        id
        quotaBytes
        quotaPercent
      }
    }
  }
`);

/** The quota line of the user's preferences: the effective quota and how much of it is used (read afresh). */
export function QuotaUsage() {
  const [result] = useQuery({ query: OwnQuotaQuery, requestPolicy: 'network-only' });
  const user = result.data?.viewer.user;
  if (!user) return null;
  return (
    <>
      <dt>Quota</dt>
      <dd>{user.quotaBytes === null || user.quotaBytes === undefined ? 'unlimited' : `${formatSize(user.quotaBytes)} (${Math.round(user.quotaPercent ?? 0)}% used)`}</dd>
    </>
  );
}
