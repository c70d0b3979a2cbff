import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface ListedItem {
  id: string;
  title: string;
  /** Where it opens (an app path, or a server address when `external`). */
  to: string;
  external?: boolean;
  detail?: ReactNode;
}

/** A titled list of items of one kind, each a link, or a line saying there are none. */
export function ItemList({ heading, items, empty }: { heading: string; items: ListedItem[]; empty: string }) {
  const id = `list-${heading.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {items.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul aria-labelledby={id}>
          {items.map((item) => (
            <li key={item.id}>
              {item.external ? <a href={item.to}>{item.title}</a> : <Link to={item.to}>{item.title}</Link>}
              {item.detail && <> {item.detail}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
