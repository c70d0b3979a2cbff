import { Caller, type CallerSession } from '../../context/caller';
import type { ServiceContext } from '../../context/service-context';
import { GalaxySession } from '../../entities/galaxy-session.entity';
import { History } from '../../entities/history.entity';
import { User } from '../../entities/user.entity';
import { errors } from '../../errors/error-kinds';
import type { PasswordHasher } from '../../auth/passwords';
import { newGuid } from '../../auth/secrets';
import type { NewUserInput } from '../users';
import { type SignInRefusals, BASEAUTH_REFUSALS, SIGN_IN_REFUSALS } from './sign-in-refusals';
import type { SignInLimiter } from './sign-in-limiter';
import type { IdentityService } from '../../auth/identity.service';
import type { UserService } from '../users';

/** Browser sessions and password checks; sessions live in the database so every process shares them. */
export class SessionService {
  constructor(
    private readonly passwords: PasswordHasher,
    private readonly limiter: SignInLimiter,
    private readonly identity: IdentityService,
    private readonly users: UserService,
  ) {}

  /**
   * Email and password to user. Failed attempts are limited per account and per client address
   * (SignInLimiter); an unknown account costs the time of a password check too. `refusals` words
   * the failures: baseauth keeps the platform's messages (unknown account, wrong password), the
   * graph's `login` answers one for both.
   */
  async checkCredentials(ctx: ServiceContext, email: string, password: string, refusals: SignInRefusals = BASEAUTH_REFUSALS): Promise<User> {
    const attempt = await this.limiter.attempt(email, ctx.clientAddress);
    const users = await ctx.em.find(User, { email });
    if (users.length > 1) throw errors.inconsistent('An error occurred, please contact your administrator.');
    const [user] = users;
    const verdict = await this.passwords.verifyAccount(user, password);
    if (verdict === 'unknown account') throw refusals.unknownAccount();
    if (verdict === 'wrong password' || !user) throw refusals.wrongPassword();
    await attempt.succeeded();
    if (this.passwords.isLegacy(user.password)) {
      // A password carried over from the platform (PBKDF2 or sha1) is stored in this service's format once it is known.
      user.password = await this.passwords.hash(password);
      await ctx.em.flush();
    }
    return user;
  }

  /** `GET /api/authenticate/baseauth`: the user's newest API key, created when they have none. */
  async apiKeyFor(ctx: ServiceContext, email: string, password: string): Promise<string> {
    const user = await this.checkCredentials(ctx, email, password);
    return this.users.newestOrNewApiKey(ctx, user);
  }

  /** Starts a logged-in browser session and hands its cookie to the response. */
  async login(ctx: ServiceContext, email: string, password: string): Promise<User> {
    const user = await this.checkCredentials(ctx, email, password, SIGN_IN_REFUSALS);
    await this.startSession(ctx, user);
    return user;
  }

  /**
   * A visitor registers (the users service's rules: ALLOW_USER_CREATION, a valid and free email and
   * name) and is signed in at once, keeping the history they started as a visitor.
   */
  async register(ctx: ServiceContext, input: NewUserInput): Promise<User> {
    const user = await this.users.register(ctx, input);
    await this.startSession(ctx, user);
    return user;
  }

  /**
   * A logged-in session for a user who just proved who they are (login, registration). As on the
   * platform, a visitor's current history (one no user owns yet) becomes the user's, and stays current.
   */
  async startSession(ctx: ServiceContext, user: User): Promise<void> {
    const visitorHistoryId = ctx.caller.isAnonymous ? (ctx.caller.session?.currentHistoryId ?? null) : null;
    const adopted = visitorHistoryId !== null && (await ctx.em.nativeUpdate(History, { id: visitorHistoryId, user: null }, { user: user.id })) > 0;
    const currentHistoryId = adopted ? visitorHistoryId : null;
    const session = ctx.em.create(GalaxySession, { user, sessionKey: newGuid(), currentHistoryId });
    await ctx.em.persistAndFlush(session);
    ctx.response.setSessionCookie(ctx.services.ids.encodeGuid(session.sessionKey));
    ctx.actAs(this.identity.callerFor(user, { id: session.id, sessionKey: session.sessionKey, currentHistoryId }));
  }

  async logout(ctx: ServiceContext): Promise<boolean> {
    const session = ctx.caller.session;
    if (session) await ctx.em.nativeUpdate(GalaxySession, { id: session.id }, { isValid: false });
    ctx.response.setSessionCookie(null);
    return Boolean(session);
  }

  /**
   * The caller's browser session, created when there is none yet, so that an anonymous caller can
   * own a current history. The rest of the request acts with it.
   */
  async ensureSession(ctx: ServiceContext): Promise<CallerSession> {
    const { caller } = ctx;
    if (caller.session) return caller.session;
    const entity = ctx.em.create(GalaxySession, { user: ctx.userRef(), sessionKey: newGuid() });
    await ctx.em.persistAndFlush(entity);
    ctx.response.setSessionCookie(ctx.services.ids.encodeGuid(entity.sessionKey));
    const session: CallerSession = { id: entity.id, sessionKey: entity.sessionKey, currentHistoryId: entity.currentHistoryId };
    ctx.actAs(caller.user ? this.identity.callerFor(caller.user, session) : Caller.anonymous(session));
    return session;
  }

  /** Makes a history the session's current one, for the rest of this request and the next ones. */
  async setCurrentHistory(ctx: ServiceContext, session: CallerSession, historyId: number): Promise<void> {
    await ctx.em.nativeUpdate(GalaxySession, { id: session.id }, { currentHistoryId: historyId });
    ctx.actAs(ctx.caller.withSession({ ...session, currentHistoryId: historyId }));
  }
}
