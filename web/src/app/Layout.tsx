import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { SignOutButton } from '../account/SignOutButton';
import { useViewer } from '../account/viewer';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useCurrentHistory } from '../history/current-history';

/** The frame of every screen: a skip link, the navigation (who is signed in), and the screen. */
export function Layout() {
  const { viewer, error } = useViewer();
  const { pathname } = useLocation();
  const { historyId: currentId } = useCurrentHistory();
  // The current history is "Current history", at / and at its own address (/histories/<id>) alike.
  const onCurrent = pathname === '/' || (currentId !== undefined && pathname === `/histories/${currentId}`);
  const user = viewer?.user;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top-bar">
        <Link to="/" className="brand">
          Analysis platform
        </Link>
        <nav aria-label="Main">
          <Link to="/" className={onCurrent ? 'active' : undefined} aria-current={onCurrent ? 'page' : undefined}>
            Current history
          </Link>
          <NavLink to="/histories" className={({ isActive }) => (isActive && !onCurrent ? 'active' : undefined)} aria-current={onCurrent ? false : undefined}>
            Histories
          </NavLink>
          <NavLink to="/upload">Upload</NavLink>
          <NavLink to="/tools">Tools</NavLink>
          <NavLink to="/libraries">Libraries</NavLink>
          <NavLink to="/workflows">Workflows</NavLink>
          <NavLink to="/visualizations">Visualizations</NavLink>
          <NavLink to="/pages" end>Pages</NavLink>
          <NavLink to="/shared">Shared with me</NavLink>
          <NavLink to="/published">Published</NavLink>
          <NavLink to="/sharing">Sharing</NavLink>
          {viewer?.isAdmin && <NavLink to="/admin">Admin</NavLink>}
          <a href="/about">About the API</a>
        </nav>
        <div className="account">
          {user ? (
            <>
              <NavLink to="/user" aria-label={`User preferences of ${user.email ?? user.username ?? 'you'}`}>
                {user.username ?? user.email}
              </NavLink>
              <SignOutButton />
            </>
          ) : (
            viewer && (
              <>
                <NavLink to="/login">Sign in</NavLink>
                <NavLink to="/register">Register</NavLink>
              </>
            )
          )}
        </div>
      </header>
      <main id="main">
        <ErrorMessage error={error} what="Could not reach the server" />
        <Outlet />
      </main>
    </>
  );
}
