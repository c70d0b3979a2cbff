import { Route } from 'react-router-dom';
import { CreateUserPage } from './CreateUserPage';
import { UserPage } from './UserPage';
import { UsersPage } from './UsersPage';

/** The Users screens below /admin/. */
export const userRoutes = (
  <>
    <Route path="users" element={<UsersPage />} />
    <Route path="users/new" element={<CreateUserPage />} />
    <Route path="users/:userId" element={<UserPage />} />
  </>
);
