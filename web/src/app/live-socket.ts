import { type Client as SocketClient, createClient } from 'graphql-ws';

/** Called each time the socket connects again after it dropped (not on the first connection). */
export type ReconnectListener = () => void;

export interface LiveSocket {
  client: SocketClient;
  /** Listens for reconnections; answers the function that stops listening. */
  onReconnect(listener: ReconnectListener): () => void;
  dispose(): void;
}

/** ws(s)://<this host>/graphql: the graph's subscriptions (graphql-ws), authenticated by the session cookie. */
function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/graphql`;
}

/**
 * The WebSocket of the graph's subscriptions. It opens with the first subscription, retries when it
 * drops (graphql-ws backs off between attempts), and tells listeners when it is back, so they ask
 * again for what they may have missed meanwhile.
 */
export function newLiveSocket(): LiveSocket {
  const listeners = new Set<ReconnectListener>();
  let connections = 0;
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
        connections += 1;
        if (connections > 1) for (const listener of listeners) listener();
      },
    },
  });
  return {
    client,
    onReconnect(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => void client.dispose(),
  };
}
