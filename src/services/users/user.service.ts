import type { AppConfig } from '../../config/app-config';
import type { ServiceContext } from '../../context/service-context';
import { ApiKey } from '../../entities/api-key.entity';
import { UserRoleAssociation } from '../../entities/associations.entity';
import { Role } from '../../entities/role.entity';
import { User } from '../../entities/user.entity';
import { AppError, errors } from '../../errors/error-kinds';
import type { PasswordHasher } from '../../auth/passwords';
import { newGuid } from '../../auth/secrets';
import { niceSize } from '../../format/nice-size';
import { decodeId } from '../shared';
import { defaultLimit, quotaPercent } from '../quotas';
import { validateEmail, validatePassword, validatePublicName } from './user-input-validation';
import { quotaLimitByUserId, userById } from './user.loaders';
import { listUsers, type UserView } from './user-view';
import { historyDiskSize } from '../usage';

export interface UserListFilter {
  deleted?: boolean;
  emailContains?: string;
}

export interface NewUserInput {
  username?: string;
  email?: string;
  password?: string;
}

/** Fields of another user's record that the operator keeps private. */
export type HiddenUserField = 'email' | 'username';

/** What an anonymous caller learns about their own usage. */
export interface UsageView {
  totalDiskUsage: number;
  niceTotalDiskUsage: string;
  quotaPercent: number | null;
}

const invalidUserId = (id: unknown) => new AppError('RequestParameterInvalidException', 'Invalid user id specified', { id: String(id) });

export class UserService {
  constructor(
    private readonly config: AppConfig,
    private readonly passwords: PasswordHasher,
  ) {}

  /**
   * Index rules: only administrators see deleted users; a plain user sees only themselves unless the
   * operator exposes names or emails (hidden fields are reported by `hiddenFields`).
   */
  async list(ctx: ServiceContext, filter: UserListFilter): Promise<UserView[]> {
    ctx.caller.requireIdentity();
    const { caller } = ctx;
    if (filter.deleted) {
      if (!caller.isAdmin) return [];
    } else if (!caller.isAdmin && !this.config.exposeUserName && !this.config.exposeUserEmail) {
      return [await this.callerRecord(ctx)];
    }
    return listUsers(ctx, Boolean(filter.deleted), filter.emailContains);
  }

  hiddenFields(ctx: ServiceContext, user: UserView): HiddenUserField[] {
    const { caller } = ctx;
    if (caller.isAdmin || caller.userId === user.id) return [];
    const hidden: HiddenUserField[] = [];
    if (!this.config.exposeUserEmail) hidden.push('email');
    if (!this.config.exposeUserName) hidden.push('username');
    return hidden;
  }

  /** The caller's own user record, as it is now (the caller itself is only who they are). */
  async callerRecord(ctx: ServiceContext): Promise<UserView> {
    const user = await ctx.loaders.get(userById).load(ctx.caller.requireUser().id);
    if (!user) throw errors.authRequired();
    return user;
  }

  /** `id` may be 'current' (the caller; null for an anonymous caller). */
  async show(ctx: ServiceContext, id: string, deleted = false): Promise<UserView | null> {
    const { caller } = ctx;
    if (id === 'current') return caller.user ? this.callerRecord(ctx) : null;
    caller.requireIdentity();
    let userId: number;
    try {
      userId = decodeId(ctx, id);
    } catch {
      throw invalidUserId(id);
    }
    const user = await ctx.loaders.get(userById).load(userId);
    if (!user || user.deleted !== deleted) throw invalidUserId(id);
    if (!caller.isAdmin && (caller.userId !== user.id || user.deleted)) throw invalidUserId(id);
    return user;
  }

  async create(ctx: ServiceContext, input: NewUserInput): Promise<User> {
    const { caller } = ctx;
    caller.requireIdentity();
    if (!this.config.allowUserCreation && !caller.isAdmin) {
      throw new AppError('ConfigDoesNotAllowException', 'User creation is not allowed in this Galaxy instance');
    }
    if (!caller.isAdmin) throw errors.notImplemented();
    return this.validatedInsert(ctx, input);
  }

  /**
   * A visitor registers (the platform's registration form, not its API): allowed while
   * ALLOW_USER_CREATION is on, with the same checks as an administrator's creation.
   */
  async register(ctx: ServiceContext, input: NewUserInput): Promise<User> {
    if (!this.config.allowUserCreation && !ctx.caller.isAdmin) {
      throw new AppError('ConfigDoesNotAllowException', 'User creation is not allowed in this Galaxy instance');
    }
    return this.validatedInsert(ctx, input);
  }

  private async validatedInsert(ctx: ServiceContext, input: NewUserInput): Promise<User> {
    const email = input.email ?? '';
    const username = input.username ?? '';
    const password = input.password ?? '';
    return ctx.em.transactional(async (em) => {
      const message = [await validateEmail(em, email), validatePassword(password, password), await validatePublicName(em, username)]
        .join('\n')
        .trimEnd();
      if (message) throw errors.invalid(message);
      return this.insertUser(ctx, { email, username, password });
    });
  }

  /** Creates the user with their private role (named after the email); used by the API and the CLI. */
  async insertUser(ctx: ServiceContext, input: { email: string; username: string | null; password: string }): Promise<User> {
    const em = ctx.em;
    const user = em.create(User, { email: input.email, username: input.username || null, password: await this.passwords.hash(input.password) });
    const role = em.create(Role, { name: input.email, description: `Private Role for ${input.email}`, type: 'private' });
    em.create(UserRoleAssociation, { user, role });
    await em.flush();
    return user;
  }

  /** The stored form of a new password (the operator's bcrypt cost). */
  hashPassword(password: string): Promise<string> {
    return this.passwords.hash(password);
  }

  /** Administrators issue keys; a new key makes the user's older keys invalid. */
  async createApiKey(ctx: ServiceContext, encodedUserId: string): Promise<string> {
    ctx.caller.requireAdmin();
    const userId = decodeId(ctx, encodedUserId, (value) =>
      errors.malformedId(`Malformed User id ( ${String(value)} ) specified, unable to decode`, { id: String(value) }),
    );
    const user = await ctx.em.findOne(User, { id: userId, deleted: false });
    if (!user) throw errors.invalid(`Invalid User id ( ${encodedUserId} ) specified`, { id: encodedUserId });
    return this.issueApiKey(ctx, user);
  }

  async issueApiKey(ctx: ServiceContext, user: User): Promise<string> {
    const key = ctx.em.create(ApiKey, { user, key: newGuid() });
    await ctx.em.persistAndFlush(key);
    return key.key;
  }

  /** The caller's own newest API key, or null (a user reads theirs in their preferences). */
  async ownApiKey(ctx: ServiceContext): Promise<string | null> {
    const user = ctx.caller.requireUser();
    const newest = await ctx.em.findOne(ApiKey, { user: user.id }, { orderBy: { id: 'desc' } });
    return newest?.key ?? null;
  }

  /** A new API key for the caller themself; their older keys stop working. */
  async createOwnApiKey(ctx: ServiceContext): Promise<string> {
    const user = ctx.caller.requireUser();
    return this.issueApiKey(ctx, ctx.em.getReference(User, user.id));
  }

  /** The newest key of a user, creating one when they have none (baseauth). */
  async newestOrNewApiKey(ctx: ServiceContext, user: User): Promise<string> {
    const newest = await ctx.em.findOne(ApiKey, { user }, { orderBy: { id: 'desc' } });
    return newest ? newest.key : this.issueApiKey(ctx, user);
  }

  /**
   * The caller's usage: their disk usage and quota, or for a caller without a user (anonymous or the
   * master key) what their session's data holds against the unregistered default quota.
   */
  async usageOf(ctx: ServiceContext): Promise<UsageView> {
    const user = ctx.caller.user ? await this.callerRecord(ctx) : null;
    const usage = user ? user.totalDiskUsage : await this.sessionUsage(ctx);
    const limit = user ? await ctx.loaders.get(quotaLimitByUserId).load(user.id) : await defaultLimit(ctx.em, 'unregistered');
    return { totalDiskUsage: usage, niceTotalDiskUsage: niceSize(usage), quotaPercent: quotaPercent(usage, limit) };
  }

  /** Bytes held by an anonymous caller: the datasets of their session's current history. */
  private async sessionUsage(ctx: ServiceContext): Promise<number> {
    const historyId = ctx.caller.session?.currentHistoryId;
    return historyId ? historyDiskSize(ctx.em, historyId) : 0;
  }
}

