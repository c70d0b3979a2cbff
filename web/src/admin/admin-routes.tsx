import { Route } from 'react-router-dom';
import { AuditLogPage } from './audit/AuditLogPage';
import { userRoutes } from './users/user-routes';

/**
 * The administration's screens by path below /admin/ (their menu entries: admin-screens.ts). The
 * server answers index.html for every path below /admin (src/http/web-app.ts).
 */
export const adminRoutes = (
  <>
    <Route path="audit-log" element={<AuditLogPage />} />
    {userRoutes}
  </>
);
