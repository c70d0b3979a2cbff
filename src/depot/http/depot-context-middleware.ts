import { contextMiddlewareOf } from '../../http/context-middleware';
import { DepotRequestContext } from '../context/depot-context';
import type { DepotServices } from '../context/depot-services';

/** The depot's session cookie (the platform's Tool Shed named it so). */
export const DEPOT_SESSION_COOKIE = 'galaxycommunitysession';

/** The depot's request contexts: its own users, keys and sessions; the shared master key and administrators. */
export function depotContextMiddleware(services: DepotServices) {
  const orm = services.db.orm;
  const fork = () => orm.em.fork({ useContext: true });
  return contextMiddlewareOf<DepotRequestContext>({
    cookieName: DEPOT_SESSION_COOKIE,
    resolve: (credentials) => services.identity.resolve({ apiKey: credentials.apiKey, sessionCookie: credentials.sessionCookie }),
    build: (caller, hooks, origin) => new DepotRequestContext(fork, caller, services, services.log, hooks, origin.host, origin.address),
  });
}
