import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContextWith, ServiceContext } from '../../context/service-context';
import type { User } from '../../entities/user.entity';
import { errors } from '../../errors/error-kinds';
import { type UserService, validateEmail, validatePassword, validatePublicName } from '../users';
import { refusePurged, targetUser } from './user-target';

export interface UserEdit {
  email?: string | null;
  username?: string | null;
}

/**
 * The private role is named after its user's email (15.05 renames it when the email changes), so
 * sharing with a user by email keeps finding them.
 */
export async function renamePrivateRole(em: EntityManager, userId: number, email: string): Promise<void> {
  await em.execute(
    `update role r set name = ?, description = ?, update_time = now()
      where r.type = 'private' and r.id in (select ura.role_id from user_role_association ura where ura.user_id = ?)`,
    [email, `Private Role for ${email}`, userId],
  );
}

/**
 * An administrator changes a user's email or public name, with the registration's rules (a valid
 * and free email, a valid and free public name); only what changes is checked.
 */
export async function updateUser(ctx: ServiceContext, encodedId: string, edit: UserEdit): Promise<User> {
  return ctx.em.transactional(async (em) => {
    const user = await targetUser(ctx, encodedId);
    refusePurged(user, 'be changed');
    const email = edit.email ?? user.email;
    const username = edit.username ?? user.username;
    const emailChanged = email !== user.email;
    const usernameChanged = username !== user.username;
    const message = [emailChanged ? await validateEmail(em, email) : '', usernameChanged ? await validatePublicName(em, username ?? '') : '']
      .filter(Boolean)
      .join('\n');
    if (message) throw errors.invalid(message);
    if (!emailChanged && !usernameChanged) return user;
    user.email = email;
    user.username = username;
    await em.flush();
    if (emailChanged) await renamePrivateRole(em, user.id, email);
    return user;
  });
}

/**
 * An administrator sets a user's password (15.05's "Reset password"): the user signs in with it from
 * now on. As in 15.05, their API keys and open sessions stay as they were.
 */
export async function resetUserPassword(
  ctx: ContextWith<{ users: UserService }>,
  encodedId: string,
  password: string,
  confirmPassword: string,
): Promise<User> {
  const user = await targetUser(ctx, encodedId);
  refusePurged(user, 'have its password reset');
  const problem = validatePassword(password, confirmPassword);
  if (problem) throw errors.invalid(problem);
  user.password = await ctx.services.users.hashPassword(password);
  await ctx.em.flush();
  return user;
}
