import type { ServiceContext } from '../../context/service-context';
import type { User } from '../../entities/user.entity';
import { errors } from '../../errors/error-kinds';
import { refusePurged, targetUser } from './user-target';

/**
 * Marks a user deleted (15.05's "Delete"): they can no longer sign in or use their keys; everything
 * they own stays until they are purged. An administrator cannot delete their own account.
 */
export async function deleteUser(ctx: ServiceContext, encodedId: string): Promise<User> {
  const user = await targetUser(ctx, encodedId);
  if (user.id === ctx.caller.userId) throw errors.invalid('You cannot delete your own account.');
  if (user.deleted) throw errors.invalid(`User '${user.email}' has already been deleted.`);
  user.deleted = true;
  await ctx.em.flush();
  return user;
}

/** Brings a deleted user back (15.05's "Undelete"); a purged user cannot come back. */
export async function undeleteUser(ctx: ServiceContext, encodedId: string): Promise<User> {
  const user = await targetUser(ctx, encodedId);
  refusePurged(user, 'be undeleted');
  if (!user.deleted) throw errors.invalid(`User '${user.email}' has not been deleted, so it cannot be undeleted.`);
  user.deleted = false;
  await ctx.em.flush();
  return user;
}
