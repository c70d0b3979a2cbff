import { Route } from 'react-router-dom';
import { AuditLogPage } from './audit/AuditLogPage';
import { RepositoriesPage } from './repositories/RepositoriesPage';
import { DataTablesPage } from './tools/DataTablesPage';
import { ToolsAdminPage } from './tools/ToolsAdminPage';

/**
 * The administration's screens by path below /admin/ (their menu entries: admin-screens.ts). The
 * server answers index.html for every path below /admin (src/http/web-app.ts).
 */
export const adminRoutes = (
  <>
    <Route path="tools" element={<ToolsAdminPage />} />
    <Route path="tool-data" element={<DataTablesPage />} />
    <Route path="repositories" element={<RepositoriesPage />} />
    <Route path="audit-log" element={<AuditLogPage />} />
  </>
);
