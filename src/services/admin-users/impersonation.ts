import { AppError, errors } from '../../errors/error-kinds';
import type { ContextWith, ServiceContext } from '../../context/service-context';
import { GalaxySession } from '../../entities/galaxy-session.entity';
import type { User } from '../../entities/user.entity';
import { recordAdminAction } from '../audit-log';
import type { SessionService } from '../sessions';
import { targetUser } from './user-target';

/**
 * An administrator's browser session becomes the user's (15.05's "Impersonate user"), only when the
 * operator allows it (ALLOW_USER_IMPERSONATION). The administrator's session ends and a session of
 * the user starts in its cookie, as 15.05 logged the administrator out and the user in. The action
 * is put on the audit log here, while the caller is still the administrator (the graph's @Audited
 * looks at the caller after the call, who is then the user).
 */
export async function impersonateUser(ctx: ContextWith<{ sessions: SessionService }>, encodedId: string): Promise<User> {
  ctx.caller.requireAdmin();
  if (!ctx.services.config.allowUserImpersonation) {
    throw new AppError('ConfigDoesNotAllowException', 'User impersonation is not enabled on this Galaxy instance (ALLOW_USER_IMPERSONATION).');
  }
  const session = ctx.caller.session;
  if (!session) throw errors.invalid('Impersonation switches a browser session: sign in from a browser to impersonate a user.');
  return ctx.em.transactional(async (em) => {
    const user = await targetUser(ctx, encodedId);
    if (user.deleted) throw errors.invalid(`User '${user.email}' has been deleted and cannot be impersonated.`);
    if (user.id === ctx.caller.userId) throw errors.invalid('You are already signed in as this user.');
    await recordAdminAction(ctx, { action: 'user.impersonate', target: { type: 'user', id: encodedId, label: user.email }, details: { id: encodedId } });
    await em.nativeUpdate(GalaxySession, { id: session.id }, { isValid: false });
    await ctx.services.sessions.startSession(ctx, user);
    return user;
  });
}

/** Whether administrators may impersonate users here (administrators only: the screen offers it by this). */
export function impersonationAllowed(ctx: ServiceContext): boolean {
  ctx.caller.requireAdmin();
  return ctx.services.config.allowUserImpersonation;
}
