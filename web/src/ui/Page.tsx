import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A screen: its title becomes the document's, and its heading takes the focus when the screen
 * opens (a screen reader announces the new page, keyboard users start from it).
 */
export function Page({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Analysis platform`;
  }, [title]);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-header">
        <h1 id="page-title" tabIndex={-1} ref={heading}>
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
