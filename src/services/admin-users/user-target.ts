import type { ServiceContext } from '../../context/service-context';
import { User } from '../../entities/user.entity';
import { errors } from '../../errors/error-kinds';
import { decodeId } from '../shared';
import { readUsers, type UserView } from '../users';

/** The user an administrator acts on, by encoded id: a bad id is MalformedId, an unknown one ObjectNotFound. */
export async function targetUser(ctx: ServiceContext, encodedId: string): Promise<User> {
  ctx.caller.requireAdmin();
  const id = decodeId(ctx, encodedId, (value) =>
    errors.malformedId(`Malformed User id ( ${String(value)} ) specified, unable to decode`, { id: String(value) }),
  );
  const user = await ctx.em.findOne(User, { id });
  if (!user) throw errors.notFound(`No user with id ${encodedId}`, { id: encodedId });
  return user;
}

/** A purged user is kept only as a record: nothing about them changes any more. */
export function refusePurged(user: User, what: string): void {
  if (user.purged) throw errors.invalid(`User '${user.email}' has been purged, so it cannot ${what}.`);
}

/** Any user as an administrator sees them, deleted and purged ones too. */
export async function userForAdmin(ctx: ServiceContext, encodedId: string): Promise<UserView> {
  const user = await targetUser(ctx, encodedId);
  const [view] = await readUsers(ctx, [user.id]);
  if (!view) throw errors.notFound(`No user with id ${encodedId}`, { id: encodedId });
  return view;
}
