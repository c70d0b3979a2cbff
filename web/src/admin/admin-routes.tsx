import { Route } from 'react-router-dom';
import { AuditLogPage } from './audit/AuditLogPage';
import { AdminJobsPage } from './jobs/AdminJobsPage';
import { AdminServerPage } from './server/AdminServerPage';

/**
 * The administration's screens by path below /admin/ (their menu entries: admin-screens.ts). The
 * server answers index.html for every path below /admin (src/http/web-app.ts).
 */
export const adminRoutes = (
  <>
    <Route path="jobs" element={<AdminJobsPage />} />
    <Route path="server" element={<AdminServerPage />} />
    <Route path="audit-log" element={<AuditLogPage />} />
  </>
);
