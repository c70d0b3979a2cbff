import { Link } from 'react-router-dom';
import { AdminSection } from './AdminSection';
import type { AdminUser } from './users-documents';

/** The user's roles and groups, each a link to its own administration screen. */
export function UserMemberships({ user }: { user: AdminUser }) {
  return (
    <AdminSection title="Roles and groups">
      <h3>Roles</h3>
      {user.roles.length === 0 ? (
        <p>No roles.</p>
      ) : (
        <ul>
          {user.roles.map((role) => (
            <li key={role.id}>
              <Link to={`/admin/roles/${role.id}`}>{role.name}</Link>
              {role.type === 'private' ? ' (private role)' : ''}
            </li>
          ))}
        </ul>
      )}
      <h3>Groups</h3>
      {user.groups.length === 0 ? (
        <p>No groups.</p>
      ) : (
        <ul>
          {user.groups.map((group) => (
            <li key={group.id}>
              <Link to={`/admin/groups/${group.id}`}>{group.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
