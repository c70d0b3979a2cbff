import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access } from '../../../graphql/shared/access';
import { encoded } from '../../../graphql/shared/encoded-id';
import type { DepotRequestContext } from '../../context/depot-context';
import type { DepotUserView } from '../../services/users/depot-user-view';
import { DepotUserInputType, DepotUserType } from './depot-user.type';

@Resolver(() => DepotUserType)
export class DepotUserResolver {
  @Query(() => [DepotUserType], { description: 'Users by username (deleted ones for administrators).' })
  @Access('anonymous')
  users(@Ctx() ctx: DepotRequestContext, @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean): Promise<DepotUserView[]> {
    return ctx.services.users.list(ctx, deleted ?? false);
  }

  @Query(() => DepotUserType, { description: 'A user by encoded id, or `current`.' })
  @Access('anonymous')
  user(@Ctx() ctx: DepotRequestContext, @Arg('id', () => ID) id: string): Promise<DepotUserView> {
    return ctx.services.users.show(ctx, id);
  }

  @Mutation(() => DepotUserType)
  @Access('admin')
  createUser(@Ctx() ctx: DepotRequestContext, @Arg('input', () => DepotUserInputType) input: DepotUserInputType): Promise<DepotUserView> {
    return ctx.services.users.create(ctx, input);
  }

  @Mutation(() => String, { description: "A new API key for the user; their older keys stop working." })
  @Access('admin')
  createApiKey(@Ctx() ctx: DepotRequestContext, @Arg('userId', () => ID) userId: string): Promise<string> {
    return ctx.services.users.createApiKey(ctx, userId);
  }

  @Mutation(() => String, { description: "Basic authentication: the user's newest API key (created when none). `login` is an email or a username." })
  @Access('anonymous')
  authenticate(@Ctx() ctx: DepotRequestContext, @Arg('login', () => String) login: string, @Arg('password', () => String) password: string): Promise<string> {
    return ctx.services.users.apiKeyFor(ctx, login, password);
  }

  @Mutation(() => DepotUserType, { description: 'Starts a browser session (cookie `galaxycommunitysession`).' })
  @Access('anonymous')
  login(@Ctx() ctx: DepotRequestContext, @Arg('login', () => String) login: string, @Arg('password', () => String) password: string): Promise<DepotUserView> {
    return ctx.services.sessions.login(ctx, login, password);
  }

  @Mutation(() => Boolean, { description: 'Ends the browser session; false when there was none.' })
  @Access('anonymous')
  logout(@Ctx() ctx: DepotRequestContext): Promise<boolean> {
    return ctx.services.sessions.logout(ctx);
  }

  @FieldResolver(() => ID)
  id(@Root() user: DepotUserView, @Ctx() ctx: DepotRequestContext): string {
    return encoded(ctx, user.id);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Shown to the user themselves and to administrators only.' })
  email(@Root() user: DepotUserView, @Ctx() ctx: DepotRequestContext): string | null {
    return ctx.caller.isAdmin || ctx.caller.userId === user.id ? user.email : null;
  }
}
