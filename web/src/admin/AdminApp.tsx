import { Route, Routes } from 'react-router-dom';
import { Page } from '../ui/Page';
import { AdminHome } from './AdminHome';
import { AdminLayout } from './AdminLayout';
import { adminRoutes } from './admin-routes';

/** Everything below /admin: loaded on demand (web/src/admin/lazy-admin.tsx), not with the UI's first script. */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<AdminHome />} />
        {adminRoutes}
        <Route path="*" element={<Page title="Not found"><p>There is no such administration page.</p></Page>} />
      </Route>
    </Routes>
  );
}
