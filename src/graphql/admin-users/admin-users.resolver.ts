import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import {
  deleteUser,
  impersonateUser,
  impersonationAllowed,
  MAX_USERS_PAGE,
  purgeUser,
  recalculateUserDiskUsage,
  resetUserPassword,
  undeleteUser,
  updateUser,
  userForAdmin,
  type UserPurgePlan,
  userPurgePlan,
  usersPage,
} from '../../services/admin-users';
import type { UserView } from '../../services/users';
import { Access } from '../shared/access';
import { Audited, targetById } from '../shared/audited';
import { UserType } from '../users/user.type';
import { UpdateUserInput, UserConnection, UserPurgePlanType } from './admin-users.types';

/** The administrators' work on users (the Users screens of /admin); the rules are in src/services/admin-users. */
@Resolver()
export class AdminUsersResolver {
  @Query(() => UserConnection, { description: 'Users by id, searched by a fragment of email or public name (administrators only; cursor pagination).' })
  @Access('admin')
  async usersPage(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { defaultValue: 50, description: `At most ${MAX_USERS_PAGE}.` }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('search', () => String, { nullable: true, description: 'A fragment of the email or public name, any case.' }) search?: string,
    @Arg('deleted', () => Boolean, { nullable: true, description: 'true: deleted users only; false: active only; left out: all.' }) deleted?: boolean,
  ): Promise<UserConnection> {
    const page = await usersPage(ctx, { search, deleted }, first, after);
    const edges = page.items.map(({ user, cursor }) => ({ cursor, node: user }));
    return { edges, pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.length > 0 ? edges[edges.length - 1].cursor : (after ?? null) } };
  }

  @Query(() => UserType, { description: 'Any user by encoded id, deleted and purged ones too (administrators only).' })
  @Access('admin')
  adminUser(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<UserView> {
    return userForAdmin(ctx, id);
  }

  @Query(() => UserPurgePlanType, { description: 'What purging this user would remove or mark (administrators only).' })
  @Access('admin')
  userPurgePlan(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<UserPurgePlan> {
    return userPurgePlan(ctx, id);
  }

  @Query(() => Boolean, { description: 'Whether administrators may impersonate users here (ALLOW_USER_IMPERSONATION).' })
  @Access('admin')
  userImpersonationAllowed(@Ctx() ctx: RequestContext): boolean {
    return impersonationAllowed(ctx);
  }

  @Mutation(() => UserType, { description: "Changes a user's email or public name (the registration's rules)." })
  @Access('admin')
  @Audited('user.update', targetById('user', 'id'))
  updateUser(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('input', () => UpdateUserInput) input: UpdateUserInput): Promise<UserView> {
    return updateUser(ctx, id, input);
  }

  @Mutation(() => UserType, { description: "Sets a user's password; their keys and sessions stay (as in 15.05)." })
  @Access('admin')
  @Audited('user.reset_password', targetById('user', 'id'))
  resetUserPassword(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('password', () => String) password: string,
    @Arg('confirmPassword', () => String) confirmPassword: string,
  ): Promise<UserView> {
    return resetUserPassword(ctx, id, password, confirmPassword);
  }

  @Mutation(() => UserType, { description: 'Marks a user deleted: they can no longer sign in or use their keys.' })
  @Access('admin')
  @Audited('user.delete', targetById('user', 'id'))
  deleteUser(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<UserView> {
    return deleteUser(ctx, id);
  }

  @Mutation(() => UserType, { description: 'Brings a deleted (not purged) user back.' })
  @Access('admin')
  @Audited('user.undelete', targetById('user', 'id'))
  undeleteUser(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<UserView> {
    return undeleteUser(ctx, id);
  }

  @Mutation(() => UserType, { description: 'Purges a deleted user (see userPurgePlan for what it removes).' })
  @Access('admin')
  @Audited('user.purge', targetById('user', 'id'))
  async purgeUser(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<UserView> {
    return (await purgeUser(ctx, id)).user;
  }

  @Mutation(() => UserType, { description: "Counts a user's disk usage again from their datasets; returns the user with it." })
  @Access('admin')
  @Audited('user.recalculate_disk_usage', targetById('user', 'id'))
  recalculateUserDiskUsage(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<UserView> {
    return recalculateUserDiskUsage(ctx, id);
  }

  /**
   * Not @Audited: after the switch the caller is the impersonated user, so the service puts the
   * action on the audit log itself, while the caller is still the administrator.
   */
  @Mutation(() => UserType, { description: "Switches the administrator's browser session to this user's (only when ALLOW_USER_IMPERSONATION is on)." })
  @Access('admin')
  impersonateUser(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<UserView> {
    return impersonateUser(ctx, id);
  }
}
