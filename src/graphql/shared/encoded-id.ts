import type { RequestContext } from '../../context/request-context';

/** Entities keep integer ids; the graph shows the platform's encoded ids. */
export function encoded(ctx: RequestContext, id: number): string {
  return ctx.services.ids.encode(id);
}
