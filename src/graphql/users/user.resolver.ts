import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { Group } from '../../entities/group.entity';
import type { Quota } from '../../entities/quota.entity';
import type { Role } from '../../entities/role.entity';
import type { UserView } from '../../services/users';
import { niceSize } from '../../format/nice-size';
import { groupsByUserId, quotasByUserId, rolesByUserId } from '../../services/shared';
import { quotaPercent } from '../../services/quotas';
import { quotaLimitByUserId, tagsUsedByUserId } from '../../services/users';
import { GroupType } from '../groups/group.type';
import { QuotaType } from '../quotas/quota.type';
import { RoleType } from '../roles/role.type';
import { Access } from '../shared/access';
import { Audited, targetById, targetCreated } from '../shared/audited';
import { encoded } from '../shared/encoded-id';
import { NewUserInput, UserType } from './user.type';

@Resolver(() => UserType)
export class UserResolver {
  @Query(() => [UserType], { description: 'Users the caller may list (see the exposure settings).' })
  @Access('user')
  users(
    @Ctx() ctx: RequestContext,
    @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean,
    @Arg('emailContains', () => String, { nullable: true }) emailContains?: string,
  ): Promise<UserView[]> {
    return ctx.services.users.list(ctx, { deleted: deleted ?? false, emailContains });
  }

  @Query(() => UserType, { nullable: true, description: "A user by encoded id, or 'current' (null for an anonymous caller)." })
  @Access('anonymous')
  user(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean,
  ): Promise<UserView | null> {
    return ctx.services.users.show(ctx, id, deleted ?? false);
  }

  @Mutation(() => UserType)
  @Access('admin')
  @Audited('user.create', targetCreated('user'))
  createUser(@Ctx() ctx: RequestContext, @Arg('input', () => NewUserInput) input: NewUserInput): Promise<UserView> {
    return ctx.services.users.create(ctx, input);
  }

  @Mutation(() => String, { description: "Issues a new API key for a user; the user's older keys stop working." })
  @Access('admin')
  @Audited('user.create_api_key', targetById('user', 'userId'))
  createApiKey(@Ctx() ctx: RequestContext, @Arg('userId', () => ID) userId: string): Promise<string> {
    return ctx.services.users.createApiKey(ctx, userId);
  }

  @FieldResolver(() => ID)
  id(@Root() user: UserView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, user.id);
  }

  @FieldResolver(() => String, { nullable: true })
  email(@Root() user: UserView, @Ctx() ctx: RequestContext): string | null {
    return ctx.services.users.hiddenFields(ctx, user).includes('email') ? null : user.email;
  }

  @FieldResolver(() => String, { nullable: true })
  username(@Root() user: UserView, @Ctx() ctx: RequestContext): string | null {
    return ctx.services.users.hiddenFields(ctx, user).includes('username') ? null : user.username;
  }

  @FieldResolver(() => [String], { description: 'Fields withheld from this caller: email, username.' })
  hiddenFields(@Root() user: UserView, @Ctx() ctx: RequestContext): string[] {
    return ctx.services.users.hiddenFields(ctx, user);
  }

  @FieldResolver(() => String)
  niceTotalDiskUsage(@Root() user: UserView): string {
    return niceSize(user.totalDiskUsage);
  }

  @FieldResolver(() => Boolean, { description: 'Whether this user is an administrator.' })
  isAdmin(@Root() user: UserView, @Ctx() ctx: RequestContext): boolean {
    return ctx.services.identity.isAdminEmail(user.email);
  }

  @FieldResolver(() => Number, { nullable: true, description: 'Effective quota in bytes; null when unlimited.' })
  quotaBytes(@Root() user: UserView, @Ctx() ctx: RequestContext): Promise<number | null> {
    return ctx.loaders.get(quotaLimitByUserId).load(user.id);
  }

  @FieldResolver(() => Int, { nullable: true, description: 'Percent of the effective quota used; null when unlimited.' })
  async quotaPercent(@Root() user: UserView, @Ctx() ctx: RequestContext): Promise<number | null> {
    return quotaPercent(user.totalDiskUsage, await ctx.loaders.get(quotaLimitByUserId).load(user.id));
  }

  @FieldResolver(() => [String])
  tagsUsed(@Root() user: UserView, @Ctx() ctx: RequestContext): Promise<string[]> {
    return ctx.loaders.get(tagsUsedByUserId).load(user.id);
  }

  @FieldResolver(() => [RoleType])
  roles(@Root() user: UserView, @Ctx() ctx: RequestContext): Promise<Role[]> {
    return ctx.loaders.get(rolesByUserId).load(user.id);
  }

  @FieldResolver(() => [GroupType])
  groups(@Root() user: UserView, @Ctx() ctx: RequestContext): Promise<Group[]> {
    return ctx.loaders.get(groupsByUserId).load(user.id);
  }

  @FieldResolver(() => [QuotaType], { description: 'Quotas associated with the user directly.' })
  quotas(@Root() user: UserView, @Ctx() ctx: RequestContext): Promise<Quota[]> {
    return ctx.loaders.get(quotasByUserId).load(user.id);
  }
}
