import type { PasswordHasher } from '../../../auth/passwords';
import { newGuid } from '../../../auth/secrets';
import { errors } from '../../../errors/error-kinds';
import { BASEAUTH_REFUSALS, type SignInRefusals } from '../../../services/sessions';
import type { SignInLimiter } from '../../../services/sessions';
import { decodeId } from '../../../services/shared';
import { emailFormatProblem, publicNameFormatProblem, validatePassword } from '../../../services/users';
import type { DepotServiceContext } from '../../context/depot-service-context';
import { DepotApiKey, DepotUser } from '../../entities/depot-user.entity';
import { type DepotUserView, listDepotUsers, readDepotUser } from './depot-user-view';

export interface NewDepotUserInput {
  email?: string | null;
  username?: string | null;
  password?: string | null;
}

/** Names the depot keeps for its own paths (`/repos/...`). */
const RESERVED_NAMES = ['repos'];

/**
 * The depot's accounts: administrators create them (`POST /api/users`), anyone lists and shows
 * their public part (id and username), and keys are issued by basic authentication.
 */
export class DepotUserService {
  constructor(
    private readonly passwords: PasswordHasher,
    private readonly limiter: SignInLimiter,
  ) {}

  list(ctx: DepotServiceContext, deleted: boolean): Promise<DepotUserView[]> {
    if (deleted) ctx.caller.requireAdmin('Only administrators can list deleted users.');
    return listDepotUsers(ctx, deleted);
  }

  /** A user by encoded id, or `current` for the caller. */
  async show(ctx: DepotServiceContext, encodedId: string): Promise<DepotUserView> {
    const id = encodedId === 'current' ? ctx.caller.requireUser().id : decodeId(ctx, encodedId);
    const user = await readDepotUser(ctx, id);
    if (!user) throw errors.notFound(`Unable to locate user record for id ${encodedId}.`);
    return user;
  }

  /** The depot's validation (a public name is required; the account rules are the platform's). */
  async create(ctx: DepotServiceContext, input: NewDepotUserInput): Promise<DepotUserView> {
    ctx.caller.requireAdmin();
    const email = (input.email ?? '').trim();
    const username = (input.username ?? '').trim();
    const password = input.password ?? '';
    const problem = await this.problemWith(ctx, email, username, password);
    if (problem) throw errors.invalid(`email: ${email}, username: ${username} - ${problem}`);
    const user = ctx.em.create(DepotUser, { email, username, password: await this.passwords.hash(password) });
    await ctx.em.persistAndFlush(user);
    return { id: user.id, email: user.email, username: user.username, deleted: false };
  }

  private async problemWith(ctx: DepotServiceContext, email: string, username: string, password: string): Promise<string> {
    if (!username) return 'A public user name is required in the Tool Shed.';
    if (RESERVED_NAMES.includes(username)) return `The term "${username}" is a reserved word in the Tool Shed, so it cannot be used as a public user name.`;
    const emailProblem = emailFormatProblem(email);
    if (emailProblem) return emailProblem;
    if ((await ctx.em.count(DepotUser, { email })) > 0) return 'User with that email already exists.';
    const passwordProblem = validatePassword(password, password);
    if (passwordProblem) return passwordProblem;
    const nameProblem = publicNameFormatProblem(username);
    if (nameProblem) return nameProblem;
    if ((await ctx.em.count(DepotUser, { username })) > 0) return 'Public name is taken; please choose another.';
    return '';
  }

  /**
   * Email (or public name) and password to user, with the platform's baseauth messages by default
   * (a browser sign-in answers one message for both failures). Failed attempts are limited per
   * account and per client address, as the platform's are; an unknown account costs a password check too.
   */
  async checkCredentials(ctx: DepotServiceContext, login: string, password: string, refusals: SignInRefusals = BASEAUTH_REFUSALS): Promise<DepotUser> {
    const [user] = await ctx.em.find(DepotUser, login.includes('@') ? { email: login } : { username: login });
    // An account is counted as one whether its email or its name was typed.
    const attempt = await this.limiter.attempt(user ? user.email : login, ctx.clientAddress);
    const verdict = await this.passwords.verifyAccount(user, password);
    if (verdict === 'unknown account') throw refusals.unknownAccount();
    if (verdict === 'wrong password' || !user) throw refusals.wrongPassword();
    await attempt.succeeded();
    return user;
  }

  /** `GET /api/authenticate/baseauth`: the user's newest key, created when they have none. */
  async apiKeyFor(ctx: DepotServiceContext, login: string, password: string): Promise<string> {
    const user = await this.checkCredentials(ctx, login, password);
    const newest = await ctx.em.findOne(DepotApiKey, { user }, { orderBy: { id: 'desc' } });
    return newest ? newest.key : this.issueApiKey(ctx, user);
  }

  /** A new key for a user (administrators); the user's older keys stop working. */
  async createApiKey(ctx: DepotServiceContext, encodedUserId: string): Promise<string> {
    ctx.caller.requireAdmin();
    const id = decodeId(ctx, encodedUserId);
    const user = await ctx.em.findOne(DepotUser, { id, deleted: false });
    if (!user) throw errors.invalid(`Invalid User id ( ${encodedUserId} ) specified`, { id: encodedUserId });
    return this.issueApiKey(ctx, user);
  }

  private async issueApiKey(ctx: DepotServiceContext, user: DepotUser): Promise<string> {
    const key = ctx.em.create(DepotApiKey, { user, key: newGuid() });
    await ctx.em.persistAndFlush(key);
    return key.key;
  }
}
