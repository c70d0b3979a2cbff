import { Link } from 'react-router-dom';
import { Page } from '../ui/Page';
import { ADMIN_SCREENS } from './admin-screens';

/** `/admin`: what the administration holds, one line a screen. */
export function AdminHome() {
  return (
    <Page title="Admin">
      <ul className="admin-home">
        {ADMIN_SCREENS.map((screen) => (
          <li key={screen.path}>
            <Link to={`/admin/${screen.path}`}>{screen.label}</Link>: {screen.summary}
          </li>
        ))}
      </ul>
    </Page>
  );
}
