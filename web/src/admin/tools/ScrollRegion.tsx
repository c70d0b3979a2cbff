import type { ReactNode } from 'react';

/**
 * A table that may scroll sideways on a narrow screen, in a region the keyboard can reach (focusable
 * and named), for tables holding nothing focusable of their own.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A focusable region: keyboard users scroll it with the arrow keys (axe's scrollable-region-focusable).
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
