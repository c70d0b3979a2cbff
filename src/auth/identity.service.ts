import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/app-config';
import { Caller } from '../context/caller';
import { ApiKey } from '../entities/api-key.entity';
import { GalaxySession } from '../entities/galaxy-session.entity';
import type { User } from '../entities/user.entity';
import { AppError } from '../errors/error-kinds';
import type { IdCodec } from '../ids/id-codec';
import { secretsEqual } from './secrets';

export interface Credentials {
  /** The `key` parameter (query, form, JSON body) or the x-api-key header. */
  apiKey?: string;
  /** The `galaxysession` cookie. */
  sessionCookie?: string;
  /** The `x-runner-token` header of a remote job runner. */
  runnerToken?: string;
}

const keyRefused = (message: string) => new AppError('AuthenticationRequired', message);

/** Turns the credentials of a request into a Caller, the way the platform does (platform-facts §3). */
export class IdentityService {
  constructor(
    private readonly config: AppConfig,
    private readonly ids: IdCodec,
  ) {}

  isAdminEmail(email: string): boolean {
    return this.config.adminUsers.includes(email);
  }

  callerFor(user: User, session: GalaxySession | null = null): Caller {
    return Caller.ofUser(user, this.isAdminEmail(user.email), session);
  }

  async resolve(em: EntityManager, credentials: Credentials): Promise<Caller> {
    if (credentials.runnerToken) return this.fromRunnerToken(credentials.runnerToken);
    const key = credentials.apiKey;
    if (key !== undefined && key !== '') return this.fromApiKey(em, key);
    if (credentials.sessionCookie) {
      const session = await this.findSession(em, credentials.sessionCookie);
      if (session) return session.user && !session.user.deleted ? this.callerFor(session.user, session) : Caller.anonymous(session);
    }
    return Caller.anonymous();
  }

  private fromRunnerToken(token: string): Caller {
    const index = this.config.runnerTokens.findIndex((known) => secretsEqual(token, known));
    if (index < 0) throw keyRefused('Provided runner token is not valid.');
    return Caller.runner(`runner-${index + 1}`);
  }

  private async fromApiKey(em: EntityManager, key: string): Promise<Caller> {
    if (secretsEqual(key, this.config.masterApiKey)) return Caller.master();
    const apiKey = await em.findOne(ApiKey, { key }, { populate: ['user'] });
    if (!apiKey) throw keyRefused('Provided API key is not valid.');
    if (apiKey.user.deleted) throw keyRefused('User account is deactivated, please contact an administrator.');
    const newer = await em.count(ApiKey, { user: apiKey.user, id: { $gt: apiKey.id } });
    if (newer > 0) throw keyRefused('Provided API key has expired.');
    return this.callerFor(apiKey.user);
  }

  /** An unreadable or invalidated cookie is simply no session. */
  private async findSession(em: EntityManager, cookie: string): Promise<GalaxySession | null> {
    let sessionKey: string;
    try {
      sessionKey = this.ids.decodeGuid(cookie);
    } catch {
      return null;
    }
    return em.findOne(GalaxySession, { sessionKey, isValid: true }, { populate: ['user'] });
  }
}
