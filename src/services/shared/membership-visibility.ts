import type { ServiceContext } from '../../context/service-context';

/**
 * Who belongs to a role, a group or a quota is administrators' knowledge: a user may see their own
 * roles and groups, but not walk from them to the other members.
 */
export function assertCanViewMemberships(ctx: ServiceContext): void {
  ctx.caller.requireAdmin();
}
