import { useCallback } from 'react';
import { useClient } from 'urql';
import { ToolPanelQuery } from '../../tools/tool-documents';

/** Reads the tool panel again into the cache (after an install or a deactivation), so the workbench's panel shows the new set. */
export function useRefreshToolPanel(): () => void {
  const client = useClient();
  return useCallback(() => {
    void client.query(ToolPanelQuery, {}, { requestPolicy: 'network-only' }).toPromise();
  }, [client]);
}
