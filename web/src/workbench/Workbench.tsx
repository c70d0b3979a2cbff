import { type ReactNode, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useCurrentHistory } from '../history/current-history';
import { HistoryPanel } from '../history/HistoryPanel';
import { ToolPanel } from '../tools/ToolPanel';
import { InPanelContext } from '../ui/in-panel';
import { PhonePanelMenu } from './PhonePanelMenu';
import { ResizeHandle } from './ResizeHandle';
import { SidePanel } from './SidePanel';
import { useMediaQuery } from './use-media-query';
import { type PhonePanel, type SidePanelLayout, useWorkbenchLayout } from './workbench-layout';

/** Below this width the workbench shows one panel at a time. */
export const PHONE_QUERY = '(max-width: 700px)';

/**
 * The analyst's workbench (15.05's three columns): the tool panel, the screen in the centre (a tool
 * form, a dataset, a job, a visualization…) and the current history, which follows new items live.
 * The side panels are resized by their bars and folded away by their buttons, and the layout is
 * remembered across reloads. A phone shows one panel at a time, chosen from a menu. Where the centre
 * is a history, the current history is not drawn beside it.
 */
export function Workbench() {
  const [layout, setLayout] = useWorkbenchLayout();
  const phone = useMediaQuery(PHONE_QUERY);
  const { pathname, search } = useLocation();
  const { historyId: currentId } = useCurrentHistory();
  // A history in the centre (the current one at /, or any at its address) is the history panel of the
  // screen: the current one is not drawn beside it ("View multiple histories" compares histories).
  const centreIsHistory = pathname === '/' || /^\/histories\/[^/]+\/?$/.test(pathname);
  const choosingTool = pathname === '/tools';

  // A phone opens the centre when the address changes (a tool picked, a dataset opened), and the tools where there is nothing else to show.
  const firstVisit = useRef(true);
  useEffect(() => {
    if (firstVisit.current) {
      firstVisit.current = false;
      if (!choosingTool) return;
    }
    setLayout((now) => ({ ...now, phonePanel: choosingTool ? 'tools' : 'centre' }));
  }, [pathname, search, choosingTool, setLayout]);

  const setPanel = (which: 'tools' | 'history', change: Partial<SidePanelLayout>) => setLayout((now) => ({ ...now, [which]: { ...now[which], ...change } }));
  const tools = <ToolPanel />;
  const history = currentId ? (
    <InPanelContext.Provider value>
      <HistoryPanel key={currentId} historyId={currentId} />
    </InPanelContext.Provider>
  ) : null;

  if (phone) {
    const shown: PhonePanel = centreIsHistory && layout.phonePanel === 'history' ? 'centre' : layout.phonePanel;
    return (
      <div className="workbench phone">
        <PhonePanelMenu shown={shown} offerHistory={!centreIsHistory} onShow={(phonePanel) => setLayout((now) => ({ ...now, phonePanel }))} />
        <PhoneRegion show={shown === 'tools'} name="Tool panel">
          {tools}
        </PhoneRegion>
        <div className="workbench-centre" hidden={shown !== 'centre'}>
          <Outlet />
        </div>
        {!centreIsHistory && (
          <PhoneRegion show={shown === 'history'} name="Current history">
            {history}
          </PhoneRegion>
        )}
      </div>
    );
  }

  return (
    <div className="workbench">
      <SidePanel id="workbench-tools" name="Tool panel" width={layout.tools.width} collapsed={layout.tools.collapsed} onToggle={() => setPanel('tools', { collapsed: !layout.tools.collapsed })}>
        {tools}
      </SidePanel>
      {!layout.tools.collapsed && <ResizeHandle label="Resize the tool panel" width={layout.tools.width} grows="right" onResize={(width) => setPanel('tools', { width })} />}
      <div className="workbench-centre">
        <Outlet />
      </div>
      {!centreIsHistory && (
        <>
          {!layout.history.collapsed && <ResizeHandle label="Resize the history panel" width={layout.history.width} grows="left" onResize={(width) => setPanel('history', { width })} />}
          <SidePanel
            id="workbench-history"
            name="Current history"
            width={layout.history.width}
            collapsed={layout.history.collapsed}
            onToggle={() => setPanel('history', { collapsed: !layout.history.collapsed })}
          >
            {history}
          </SidePanel>
        </>
      )}
    </div>
  );
}

/** A side panel on a phone: the whole width, shown when chosen in the menu (not drawn otherwise). */
function PhoneRegion({ show, name, children }: { show: boolean; name: string; children: ReactNode }) {
  if (!show) return null;
  return (
    <aside className="side-panel phone-panel" aria-label={name}>
      {children}
    </aside>
  );
}
