import { useEffect } from 'react';

/** How often a screen asks again where a background task (an export, an import) is. */
export const POLL_MS = 1000;

/**
 * Asks again (`reexecute`, from the network) every POLL_MS while `active` and no answer is on its way:
 * for tasks the graph has no subscription for (history exports and imports).
 */
export function usePoll(active: boolean, fetching: boolean, reexecute: (options: { requestPolicy: 'network-only' }) => void): void {
  useEffect(() => {
    if (!active || fetching) return undefined;
    const timer = window.setTimeout(() => reexecute({ requestPolicy: 'network-only' }), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [active, fetching, reexecute]);
}
