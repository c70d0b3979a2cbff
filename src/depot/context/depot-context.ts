import type { DepotServices } from './depot-services';
import { DepotServiceContext } from './depot-service-context';

/**
 * A request of the depot as the layers above its services see it (resolvers, the HTTP routes, task
 * handlers): the depot's service context with every depot service within reach.
 */
export class DepotRequestContext extends DepotServiceContext<DepotServices> {}
