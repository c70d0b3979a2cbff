import type { ServiceContext } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import { recalculateDiskUsage } from '../usage';
import { readUsers, type UserView } from '../users';
import { targetUser } from './user-target';

/** Counts a user's disk usage again from their datasets (15.05's "Recalculate disk usage") and returns the user as it is now. */
export async function recalculateUserDiskUsage(ctx: ServiceContext, encodedId: string): Promise<UserView> {
  const user = await targetUser(ctx, encodedId);
  await recalculateDiskUsage(ctx.em, user.id);
  const [now] = await readUsers(ctx, [user.id]);
  if (!now) throw errors.notFound(`No user with id ${encodedId}`, { id: encodedId });
  return now;
}
