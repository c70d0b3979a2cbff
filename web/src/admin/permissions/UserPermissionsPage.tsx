import { Link, useParams } from 'react-router-dom';
import { Page } from '../../ui/Page';
import { DefaultPermissionsSection } from './DefaultPermissionsSection';

/** `/admin/users/:userId/permissions`: a user's default dataset permissions. */
export function UserPermissionsPage() {
  const { userId = '' } = useParams();
  return (
    <Page title="User permissions">
      <p>
        <Link to={`/admin/users/${userId}`}>Back to the user</Link>
      </p>
      <DefaultPermissionsSection userId={userId} />
    </Page>
  );
}
