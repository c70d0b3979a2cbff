import type { DepotServiceContext } from '../../context/depot-service-context';

/**
 * The depot's base URL as clients reach it: DEPOT_URL when set, otherwise the address the request
 * was sent to (as the platform builds tool guids and clone URLs from the request's host).
 */
export function depotUrlOf(ctx: DepotServiceContext): string {
  const configured = ctx.services.config.publicUrl;
  if (configured) return configured;
  return `http://${ctx.requestHost ?? `localhost:${ctx.services.config.port}`}`;
}

/** `host[:port]` of a base URL (tool guids and dependency keys carry no protocol). */
export function hostOf(baseUrl: string): string {
  return baseUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, '');
}
