import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { patient } from './patience';

/**
 * A graphql-ws subscriber of `historyItemChanged` on a server process: `until(datasetId, state)`
 * resolves with the states one dataset went through once it reaches `state` (the dataset's id is
 * known only after the subscription is up: it is given as a function, read as each change arrives).
 */
export function subscribeToItemStates(serverUrl: string, key: string, historyId: string, datasetId: () => string, state: string, timeoutMs = 30_000) {
  const client = createClient({ url: `${serverUrl.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { key }, retryAttempts: 0 });
  const states: string[] = [];
  const reached = new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${state} within ${patient(timeoutMs)} ms: ${states.join(', ')}`)), patient(timeoutMs));
    const stop = client.subscribe<{ historyItemChanged: { id: string; state: string } | null }>(
      { query: 'subscription ($h: ID!) { historyItemChanged(historyId: $h) { ... on HistoryContent { id state } } }', variables: { h: historyId } },
      {
        next: (result) => {
          const item = result.data?.historyItemChanged;
          if (!item || item.id !== datasetId()) return;
          states.push(item.state);
          if (item.state === state) {
            clearTimeout(timer);
            stop();
            resolve(states);
          }
        },
        error: reject,
        complete: () => undefined,
      },
    );
  });
  return { reached, dispose: () => client.dispose() };
}
