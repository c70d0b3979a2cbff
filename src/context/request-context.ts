import { User } from '../entities/user.entity';
import type { AppServices } from './app-services';
import { BaseRequestContext } from './base-request-context';

export type { ResponseHooks } from './base-request-context';

/** A request of the platform: the shared request context with the platform's services and users. */
export class RequestContext extends BaseRequestContext<AppServices> {
  /** The caller's user as an entity reference, for the relations of new rows; null without a user. */
  userRef(): User | null {
    const user = this.caller.user;
    return user ? this.em.getReference(User, user.id) : null;
  }

  /** A new context for the same caller (fresh loaders, no EntityManager yet): each event of a long-lived subscription reads anew. */
  renewed(): RequestContext {
    return new RequestContext(() => this.services.db.orm.em.fork({ useContext: true }), this.caller, this.services, this.log, this.response, this.requestHost, this.clientAddress);
  }

  requireUserRef(): User {
    return this.em.getReference(User, this.caller.requireUser().id);
  }
}
