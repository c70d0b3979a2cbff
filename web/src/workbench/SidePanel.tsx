import type { ReactNode } from 'react';

/**
 * A side panel of the workbench (the tools at the left, the current history at the right): a
 * complementary region with a button that folds it away to a narrow strip and opens it again.
 */
export function SidePanel({
  id,
  name,
  width,
  collapsed,
  onToggle,
  children,
}: {
  id: string;
  name: string;
  width: number;
  collapsed: boolean;
  onToggle(): void;
  children: ReactNode;
}) {
  return (
    <aside id={id} className={`side-panel${collapsed ? ' collapsed' : ''}`} aria-label={name} style={collapsed ? undefined : { width }}>
      <div className="side-panel-bar">
        <button type="button" className="panel-toggle" aria-expanded={!collapsed} aria-controls={`${id}-body`} onClick={onToggle}>
          {collapsed ? `Show ${name.toLowerCase()}` : `Hide ${name.toLowerCase()}`}
        </button>
      </div>
      <div id={`${id}-body`} className="side-panel-body" hidden={collapsed}>
        {!collapsed && children}
      </div>
    </aside>
  );
}
