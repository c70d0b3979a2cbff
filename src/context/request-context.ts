import type { AppServices } from './app-services';
import { ServiceContext } from './service-context';

export type { ResponseHooks } from './base-request-context';

/**
 * A request of the platform as the layers above the services see it (resolvers, the REST shim,
 * task handlers): the service context, with every service of the process within reach.
 */
export class RequestContext extends ServiceContext<AppServices> {
  /** A new context for the same caller (fresh loaders, no EntityManager yet): each event of a long-lived subscription reads anew. */
  override renewed(): RequestContext {
    return new RequestContext(() => this.services.db.orm.em.fork({ useContext: true }), this.caller, this.services, this.log, this.response, this.requestHost, this.clientAddress);
  }
}
