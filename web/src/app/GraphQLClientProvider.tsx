import { cacheExchange } from '@urql/exchange-graphcache';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Client, fetchExchange, Provider, subscriptionExchange } from 'urql';
import { cacheOptions } from './cache-updates';
import { type LiveSocket, newLiveSocket, type ReconnectListener } from './live-socket';

interface Connection {
  client: Client;
  socket: LiveSocket;
}

/**
 * A client of /graphql with the browser's session cookie and a fresh normalised cache; queries and
 * mutations over HTTP, subscriptions over the WebSocket (graphql-ws) at the same path.
 */
function newConnection(): Connection {
  const socket = newLiveSocket();
  const client = new Client({
    url: '/graphql',
    exchanges: [
      cacheExchange(cacheOptions),
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({ unsubscribe: socket.client.subscribe({ ...request, query: request.query ?? '' }, sink) }),
        }),
      }),
    ],
    fetchOptions: { credentials: 'same-origin' },
    // POST with a JSON body: Apollo's CSRF guard refuses GET requests that carry no preflight header.
    preferGetMethod: false,
    requestPolicy: 'cache-and-network',
  });
  return { client, socket };
}

const ResetClientContext = createContext<() => void>(() => undefined);
const ReconnectContext = createContext<(listener: ReconnectListener) => () => void>(() => () => undefined);

/** Starts over with an empty cache: after signing in or out, nothing the other identity saw remains. */
export const useResetClient = (): (() => void) => useContext(ResetClientContext);

/** Runs `listener` each time the live socket is back after a drop (to ask again for what was missed). */
export function useOnReconnect(listener: ReconnectListener): void {
  const subscribe = useContext(ReconnectContext);
  useEffect(() => subscribe(listener), [subscribe, listener]);
}

export function GraphQLClientProvider({ children }: { children: ReactNode }) {
  const [connection, setConnection] = useState(newConnection);
  const current = useRef(connection);
  current.current = connection;
  const reset = useCallback(() => {
    // The socket authenticated as the identity it connected with: a new identity gets a new socket.
    current.current.socket.dispose();
    setConnection(newConnection());
  }, []);
  const onReconnect = useMemo(() => connection.socket.onReconnect, [connection]);
  return (
    <ResetClientContext.Provider value={reset}>
      <ReconnectContext.Provider value={onReconnect}>
        <Provider value={connection.client}>{children}</Provider>
      </ReconnectContext.Provider>
    </ResetClientContext.Provider>
  );
}
