import { NavLink, Outlet } from 'react-router-dom';
import { useViewer } from '../account/viewer';
import { Page } from '../ui/Page';
import { ADMIN_SCREENS } from './admin-screens';
import './admin.css';

/**
 * The frame of every administration screen: its menu, then the screen. Anyone who is not an
 * administrator gets the refusal (never a blank page, never the screen's data: the graph refuses it too).
 */
export function AdminLayout() {
  const { viewer, fetching } = useViewer();
  if (!viewer) return fetching ? <p role="status">Loading…</p> : null;
  if (!viewer.isAdmin) {
    return (
      <Page title="Admin">
        <p role="alert" className="error">
          You must be an administrator to access this page.{viewer.isAnonymous ? ' Sign in with an administrator\'s account.' : ''}
        </p>
      </Page>
    );
  }
  return (
    <div className="admin">
      <nav aria-label="Administration" className="admin-menu">
        <NavLink to="/admin" end>
          Admin
        </NavLink>
        {ADMIN_SCREENS.map((screen) => (
          <NavLink key={screen.path} to={`/admin/${screen.path}`}>
            {screen.label}
          </NavLink>
        ))}
      </nav>
      <div className="admin-screen">
        <Outlet />
      </div>
    </div>
  );
}
