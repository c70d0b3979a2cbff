import type { ReactNode } from 'react';

/**
 * A wide table's sideways-scrolling region that the keyboard can reach (focusable, named), for
 * tables with nothing focusable inside: on a phone it scrolls with the arrow keys.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
