import type { AppConfig } from '../config/app-config';
import { User } from '../entities/user.entity';
import type { DataLayout } from '../storage/data-layout';
import { BaseRequestContext, type ContextServices } from './base-request-context';

export type { ResponseHooks } from './base-request-context';

/**
 * What every platform service may reach per call, beside the caller and the database: the
 * configuration, the id codec, the log and the data layout. It names no service: a service is
 * given the sibling services it uses when it is built (src/app/services.ts), so what it depends
 * on is in its constructor, and a service can be built and tested with only what it needs.
 */
export interface CoreServices extends ContextServices {
  config: AppConfig;
  layout: DataLayout;
}

/** A call into the platform's services: who asks, on which database transaction, with the core services. */
export class ServiceContext<S extends CoreServices = CoreServices> extends BaseRequestContext<S> {
  /** The caller's user as an entity reference, for the relations of new rows; null without a user. */
  userRef(): User | null {
    const user = this.caller.user;
    return user ? this.em.getReference(User, user.id) : null;
  }

  requireUserRef(): User {
    return this.em.getReference(User, this.caller.requireUser().id);
  }

  /** A new context for the same caller (fresh loaders, no EntityManager yet): each event of a long-lived subscription reads anew. */
  renewed(): ServiceContext<S> {
    return new ServiceContext<S>(() => this.services.db.orm.em.fork({ useContext: true }), this.caller, this.services, this.log, this.response, this.requestHost, this.clientAddress);
  }
}

/**
 * The context of a read that the layers above call directly (a listing's page, a stream, a legacy
 * route's rule) and that needs a service or two beside the core: it says which in its type, e.g.
 * `ContextWith<{ histories: HistoryService }>`. The resolvers' context has them all.
 */
export type ContextWith<Extra> = ServiceContext<CoreServices & Extra>;
