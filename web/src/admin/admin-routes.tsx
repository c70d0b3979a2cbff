import { Route } from 'react-router-dom';
import { GroupPage } from './access/GroupPage';
import { GroupsPage } from './access/GroupsPage';
import { QuotaPage } from './access/QuotaPage';
import { QuotasPage } from './access/QuotasPage';
import { RolePage } from './access/RolePage';
import { RolesPage } from './access/RolesPage';
import { AuditLogPage } from './audit/AuditLogPage';
import { userRoutes } from './users/user-routes';
import { UserPermissionsPage } from './permissions/UserPermissionsPage';
import { RepositoriesPage } from './repositories/RepositoriesPage';
import { DataTablesPage } from './tools/DataTablesPage';
import { ToolsAdminPage } from './tools/ToolsAdminPage';
import { AdminJobsPage } from './jobs/AdminJobsPage';
import { AdminServerPage } from './server/AdminServerPage';

/**
 * The administration's screens by path below /admin/ (their menu entries: admin-screens.ts). The
 * server answers index.html for every path below /admin (src/http/web-app.ts).
 */
export const adminRoutes = (
  <>
    <Route path="roles" element={<RolesPage />} />
    <Route path="roles/:roleId" element={<RolePage />} />
    <Route path="groups" element={<GroupsPage />} />
    <Route path="groups/:groupId" element={<GroupPage />} />
    <Route path="quotas" element={<QuotasPage />} />
    <Route path="quotas/:quotaId" element={<QuotaPage />} />
    <Route path="users/:userId/permissions" element={<UserPermissionsPage />} />
    <Route path="tools" element={<ToolsAdminPage />} />
    <Route path="tool-data" element={<DataTablesPage />} />
    <Route path="repositories" element={<RepositoriesPage />} />
    <Route path="jobs" element={<AdminJobsPage />} />
    <Route path="server" element={<AdminServerPage />} />
    <Route path="audit-log" element={<AuditLogPage />} />
    {userRoutes}
  </>
);
