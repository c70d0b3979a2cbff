import { BaseRequestContext } from '../../context/base-request-context';
import { DepotUser } from '../entities/depot-user.entity';
import type { DepotServices } from './depot-services';

/** A request of the depot: the shared request context with the depot's services and users. */
export class DepotRequestContext extends BaseRequestContext<DepotServices> {
  /** The caller's depot user as an entity reference (for the relations of new rows). */
  requireUserRef(): DepotUser {
    return this.em.getReference(DepotUser, this.caller.requireUser().id);
  }
}
