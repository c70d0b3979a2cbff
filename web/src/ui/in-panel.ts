import { createContext, useContext } from 'react';

/**
 * Whether a screen is drawn inside a side panel of the workbench (the current history at the right)
 * rather than as the screen itself: a `Page` there neither takes the document's title nor the focus,
 * and its heading is a level lower.
 */
export const InPanelContext = createContext(false);

export const useInPanel = (): boolean => useContext(InPanelContext);
