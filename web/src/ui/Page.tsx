import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useInPanel } from './in-panel';

/**
 * A screen: its title becomes the document's, and its heading takes the focus when the screen
 * opens (a screen reader announces the new page, keyboard users start from it). Inside a side panel
 * of the workbench it is a region of the screen instead: a second-level heading, no title, no focus.
 */
export function Page({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const inPanel = useInPanel();
  const heading = useRef<HTMLHeadingElement>(null);
  const panelHeadingId = useId();
  useEffect(() => {
    if (!inPanel) document.title = `${title} · Analysis platform`;
  }, [title, inPanel]);
  useEffect(() => {
    if (!inPanel) heading.current?.focus();
  }, [inPanel]);
  const headingId = inPanel ? panelHeadingId : 'page-title';
  return (
    <section className="page" aria-labelledby={headingId}>
      <div className="page-header">
        {inPanel ? (
          <h2 id={headingId} className="panel-title">
            {title}
          </h2>
        ) : (
          <h1 id={headingId} tabIndex={-1} ref={heading}>
            {title}
          </h1>
        )}
        {actions}
      </div>
      {children}
    </section>
  );
}
