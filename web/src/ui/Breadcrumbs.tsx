import { Link } from 'react-router-dom';

export interface Crumb {
  label: string;
  /** Absent: the current place (not a link). */
  to?: string;
}

/** Where a screen is, from the top of its section down, as links. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`}>
            {crumb.to ? (
              <Link to={crumb.to}>{crumb.label}</Link>
            ) : (
              <span aria-current="location">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
