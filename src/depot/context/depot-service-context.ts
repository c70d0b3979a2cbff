import { BaseRequestContext, type ContextServices } from '../../context/base-request-context';
import type { DepotLayout } from '../app/depot-layout';
import type { DepotConfig } from '../config/depot-config';

/**
 * What every depot service may reach per call, beside the caller and the database: the depot's
 * configuration and layout, the id codec and the log. It names no service: a depot service is given
 * the services it uses when src/depot/app/depot-services.ts builds it.
 */
export interface DepotCoreServices extends ContextServices {
  config: DepotConfig;
  layout: DepotLayout;
}

/** A call into the depot's services: who asks, on which database transaction, with the core services. */
export class DepotServiceContext<S extends DepotCoreServices = DepotCoreServices> extends BaseRequestContext<S> {
  /** Which application the request came to (logs, and a member of its own keeps the type distinct). */
  readonly application = 'depot' as const;
}
