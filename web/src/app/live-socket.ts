import { type Client as SocketClient, createClient } from 'graphql-ws';

/**
 * Called each time the socket connects: after a drop, and the first time too (the socket opens with
 * the first subscription, after the screen's query was sent: a change landing between the two would
 * reach neither).
 */
export type ConnectedListener = () => void;

export interface LiveSocket {
  client: SocketClient;
  /** Listens for connections; answers the function that stops listening. */
  onConnected(listener: ConnectedListener): () => void;
  dispose(): void;
}

/** ws(s)://<this host>/graphql: the graph's subscriptions (graphql-ws), authenticated by the session cookie. */
function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/graphql`;
}

/**
 * The WebSocket of the graph's subscriptions. It opens with the first subscription, retries when it
 * drops (graphql-ws backs off between attempts), and tells listeners each time it is up, so they ask
 * again for what they may have missed while it was not.
 */
export function newLiveSocket(): LiveSocket {
  const listeners = new Set<ConnectedListener>();
  const client = createClient({
    url: socketUrl(),
    lazy: true,
    // Keep the socket a moment between screens rather than closing and reopening it.
    lazyCloseTimeout: 3000,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    keepAlive: 20_000,
    on: {
      connected: () => {
        for (const listener of listeners) listener();
      },
    },
  });
  return {
    client,
    onConnected(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => void client.dispose(),
  };
}
