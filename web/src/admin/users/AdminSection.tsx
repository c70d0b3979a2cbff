import { type ReactNode, useId } from 'react';
import './users.css';

/** A part of an administration screen under its own second-level heading. */
export function AdminSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
