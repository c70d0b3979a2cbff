import { Link, NavLink, Outlet } from 'react-router-dom';
import { SignOutButton } from '../account/SignOutButton';
import { useViewer } from '../account/viewer';
import { ErrorMessage } from '../ui/ErrorMessage';

/** The frame of every screen: a skip link, the navigation (who is signed in), and the screen. */
export function Layout() {
  const { viewer, error } = useViewer();
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
          <NavLink to="/" end>
            Current history
          </NavLink>
          <NavLink to="/histories">Histories</NavLink>
          <NavLink to="/upload">Upload</NavLink>
          <NavLink to="/tools">Tools</NavLink>
          <NavLink to="/libraries">Libraries</NavLink>
          <NavLink to="/workflows">Workflows</NavLink>
          <NavLink to="/visualizations">Visualizations</NavLink>
          <NavLink to="/shared">Shared with me</NavLink>
          <NavLink to="/published">Published</NavLink>
          <NavLink to="/sharing">Sharing</NavLink>
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
