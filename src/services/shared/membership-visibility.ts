import type { RequestContext } from '../../context/request-context';

/**
 * Who belongs to a role, a group or a quota is administrators' knowledge: a user may see their own
 * roles and groups, but not walk from them to the other members.
 */
export function assertCanViewMemberships(ctx: RequestContext): void {
  ctx.caller.requireAdmin();
}
