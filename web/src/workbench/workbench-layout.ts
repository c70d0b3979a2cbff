import { useCallback, useEffect, useState } from 'react';

/** A side panel of the workbench: its width in CSS pixels and whether it is folded away. */
export interface SidePanelLayout {
  width: number;
  collapsed: boolean;
}

/** The panel a phone shows (one at a time). */
export type PhonePanel = 'tools' | 'centre' | 'history';

/** What the workbench remembers across reloads (in this browser's localStorage). */
export interface WorkbenchLayout {
  tools: SidePanelLayout;
  history: SidePanelLayout;
  phonePanel: PhonePanel;
}

export const PANEL_WIDTH = { min: 180, max: 640 } as const;

const STORAGE_KEY = 'workbench-layout';

export const DEFAULT_LAYOUT: WorkbenchLayout = {
  tools: { width: 260, collapsed: false },
  history: { width: 340, collapsed: false },
  phonePanel: 'centre',
};

export const clampWidth = (width: number): number => Math.round(Math.min(PANEL_WIDTH.max, Math.max(PANEL_WIDTH.min, width)));

function readPanel(value: unknown, fallback: SidePanelLayout): SidePanelLayout {
  if (typeof value !== 'object' || value === null) return fallback;
  const { width, collapsed } = value as Partial<Record<keyof SidePanelLayout, unknown>>;
  return {
    width: typeof width === 'number' && Number.isFinite(width) ? clampWidth(width) : fallback.width,
    collapsed: typeof collapsed === 'boolean' ? collapsed : fallback.collapsed,
  };
}

/** The stored layout, each part checked (a stored value from another version or typed by hand falls back to the default). */
export function parseLayout(stored: string | null): WorkbenchLayout {
  if (!stored) return DEFAULT_LAYOUT;
  try {
    const value = JSON.parse(stored) as Partial<Record<keyof WorkbenchLayout, unknown>>;
    const phonePanel = value.phonePanel === 'tools' || value.phonePanel === 'history' || value.phonePanel === 'centre' ? value.phonePanel : DEFAULT_LAYOUT.phonePanel;
    return { tools: readPanel(value.tools, DEFAULT_LAYOUT.tools), history: readPanel(value.history, DEFAULT_LAYOUT.history), phonePanel };
  } catch {
    return DEFAULT_LAYOUT;
  }
}

function readStored(): WorkbenchLayout {
  try {
    return parseLayout(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    // Storage refused (a private window's policy): the default, not remembered.
    return DEFAULT_LAYOUT;
  }
}

/** The workbench's layout, kept in localStorage as it changes. */
export function useWorkbenchLayout(): [WorkbenchLayout, (change: (layout: WorkbenchLayout) => WorkbenchLayout) => void] {
  const [layout, setLayout] = useState(readStored);
  useEffect(() => {
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(layout));
    } catch {
      // Not remembered; the layout still works for this visit.
    }
  }, [layout]);
  const update = useCallback((change: (layout: WorkbenchLayout) => WorkbenchLayout) => setLayout(change), []);
  return [layout, update];
}
