import { cacheExchange } from '@urql/exchange-graphcache';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { Client, fetchExchange, Provider } from 'urql';
import { cacheOptions } from './cache-updates';

/** A client of /graphql with the browser's session cookie and a fresh normalised cache. */
function newClient(): Client {
  return new Client({
    url: '/graphql',
    exchanges: [cacheExchange(cacheOptions), fetchExchange],
    fetchOptions: { credentials: 'same-origin' },
    // POST with a JSON body: Apollo's CSRF guard refuses GET requests that carry no preflight header.
    preferGetMethod: false,
    requestPolicy: 'cache-and-network',
  });
}

const ResetClientContext = createContext<() => void>(() => undefined);

/** Starts over with an empty cache: after signing in or out, nothing the other identity saw remains. */
export const useResetClient = (): (() => void) => useContext(ResetClientContext);

export function GraphQLClientProvider({ children }: { children: ReactNode }) {
  const [client, setClient] = useState(newClient);
  const reset = useCallback(() => setClient(newClient()), []);
  const value = useMemo(() => reset, [reset]);
  return (
    <ResetClientContext.Provider value={value}>
      <Provider value={client}>{children}</Provider>
    </ResetClientContext.Provider>
  );
}
