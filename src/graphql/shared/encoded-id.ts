import type { WithIds } from '../../services/shared';

/** Entities keep integer ids; the graph shows the platform's encoded ids. */
export function encoded(ctx: WithIds, id: number): string {
  return ctx.services.ids.encode(id);
}
