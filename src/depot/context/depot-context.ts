import { BaseRequestContext } from '../../context/base-request-context';
import type { DepotServices } from './depot-services';

/** A request of the depot: the shared request context with the depot's services (and its own users). */
export class DepotRequestContext extends BaseRequestContext<DepotServices> {
  /** Which application the request came to (logs, and a member of its own keeps the type distinct). */
  readonly application = 'depot' as const;
}
