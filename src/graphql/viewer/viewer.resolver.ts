import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { UserView } from '../../services/users';
import type { UsageView } from '../../services/users';
import { Access } from '../shared/access';
import { NewUserInput, UsageType, UserType } from '../users/user.type';
import { VersionType, ViewerType } from './viewer.type';

interface Viewer {
  isAdmin: boolean;
  isAnonymous: boolean;
}

@Resolver(() => ViewerType)
export class ViewerResolver {
  @Query(() => ViewerType)
  @Access('anonymous')
  viewer(@Ctx() ctx: RequestContext): Viewer {
    const { caller } = ctx;
    return { isAdmin: caller.isAdmin, isAnonymous: caller.isAnonymous };
  }

  /** The caller's user record, read when asked for. */
  @FieldResolver(() => UserType, { nullable: true })
  user(@Ctx() ctx: RequestContext): Promise<UserView> | null {
    return ctx.caller.user ? ctx.services.users.callerRecord(ctx) : null;
  }

  /** Lets a mutation document read the caller alongside its result (the shim shapes by role). */
  @Mutation(() => ViewerType, { name: 'viewer', description: 'The caller, read after the other fields of the mutation.' })
  @Access('anonymous')
  viewerInMutation(@Ctx() ctx: RequestContext): Viewer {
    return this.viewer(ctx);
  }

  /** Resolved only when asked for: it costs queries. */
  @FieldResolver(() => UsageType)
  usage(@Ctx() ctx: RequestContext): Promise<UsageView> {
    return ctx.services.users.usageOf(ctx);
  }

  @Query(() => VersionType)
  @Access('anonymous')
  version(@Ctx() ctx: RequestContext): { major: string; minor: string } {
    return ctx.services.config.version;
  }

  @Mutation(() => String, { description: "Email and password to the user's newest API key (created when none)." })
  @Access('anonymous')
  authenticate(@Ctx() ctx: RequestContext, @Arg('email', () => String) email: string, @Arg('password', () => String) password: string): Promise<string> {
    return ctx.services.sessions.apiKeyFor(ctx, email, password);
  }

  @Mutation(() => UserType, { description: 'Starts a browser session (sets the galaxysession cookie).' })
  @Access('anonymous')
  login(@Ctx() ctx: RequestContext, @Arg('email', () => String) email: string, @Arg('password', () => String) password: string): Promise<UserView> {
    return ctx.services.sessions.login(ctx, email, password);
  }

  @Mutation(() => UserType, {
    description: "A visitor registers (while ALLOW_USER_CREATION is on, as the platform's registration form) and is signed in; their current history becomes theirs.",
  })
  @Access('anonymous')
  async register(@Ctx() ctx: RequestContext, @Arg('input', () => NewUserInput) input: NewUserInput): Promise<UserView> {
    return ctx.services.sessions.register(ctx, input);
  }

  @Mutation(() => String, { description: "A new API key for the signed-in user; their older keys stop working." })
  @Access('user')
  createOwnApiKey(@Ctx() ctx: RequestContext): Promise<string> {
    return ctx.services.users.createOwnApiKey(ctx);
  }

  @FieldResolver(() => String, { nullable: true, description: "The caller's own newest API key (null for a visitor, or a user without one)." })
  apiKey(@Ctx() ctx: RequestContext): Promise<string | null> | null {
    return ctx.caller.user ? ctx.services.users.ownApiKey(ctx) : null;
  }

  @Mutation(() => Boolean, { description: 'Ends the browser session.' })
  @Access('anonymous')
  logout(@Ctx() ctx: RequestContext): Promise<boolean> {
    return ctx.services.sessions.logout(ctx);
  }
}
