import type { AppConfig } from '../config/app-config';
import { Caller, type CallerSession, type CallerUser } from '../context/caller';
import type { SqlReader } from '../db/sql/sql-reader';
import { sql, type SqlStatement } from '../db/sql/sql-statement';
import { AppError } from '../errors/error-kinds';
import type { IdCodec } from '../ids/id-codec';
import type { CallerCache } from './caller-cache';
import { KnownSecret } from './secrets';

export interface Credentials {
  /** The `key` parameter (query, form, JSON body) or the x-api-key header. */
  apiKey?: string;
  /** The `galaxysession` cookie. */
  sessionCookie?: string;
  /** The `x-runner-token` header of a remote job runner. */
  runnerToken?: string;
}

const keyRefused = (message: string) => new AppError('AuthenticationRequired', message);

/** A key's user and whether a newer key of that user exists (only the newest key is valid). */
export interface KeyLookupRow {
  id: number;
  email: string;
  username: string | null;
  deleted: boolean;
  superseded: boolean;
}

/** A valid session and its user (if any). */
export interface SessionLookupRow {
  id: number;
  currentHistoryId: number | null;
  userId: number | null;
  email: string | null;
  username: string | null;
  deleted: boolean | null;
}

/** The two statements that turn credentials into a caller; each application has its own users. */
export interface IdentityLookups {
  /** $1 the key. */
  apiKey: SqlStatement<KeyLookupRow>;
  /** $1 the session key. */
  session: SqlStatement<SessionLookupRow>;
}

/** The key, its user, and whether a newer key of that user exists (only the newest key is valid): one statement. */
const KEY_LOOKUP = sql<KeyLookupRow>(
  'auth_api_key',
  `select u.id, u.email, u.username, u.deleted,
          exists (select 1 from api_keys newer where newer.user_id = k.user_id and newer.id > k.id) as superseded
     from api_keys k join galaxy_user u on u.id = k.user_id
    where k.key = $1`,
);

/** A valid session and its user (if any): one statement. */
const SESSION_LOOKUP = sql<SessionLookupRow>(
  'auth_session',
  `select s.id, s.current_history_id as "currentHistoryId", u.id as "userId", u.email, u.username, u.deleted
     from galaxy_session s left join galaxy_user u on u.id = s.user_id
    where s.session_key = $1 and s.is_valid`,
);

const PLATFORM_LOOKUPS: IdentityLookups = { apiKey: KEY_LOOKUP, session: SESSION_LOOKUP };

/** The parts of the configuration identity reads (the depot shares the master key and the administrators). */
export type IdentityConfig = Pick<AppConfig, 'masterApiKey' | 'runnerTokens' | 'adminUsers'>;

/** Turns the credentials of a request into a Caller, the way the platform does (platform-facts §3). */
export class IdentityService {
  private readonly masterKey: KnownSecret;
  private readonly runnerTokens: KnownSecret[];

  constructor(
    private readonly config: IdentityConfig,
    private readonly ids: IdCodec,
    private readonly reader: SqlReader,
    private readonly cache: CallerCache,
    private readonly lookups: IdentityLookups = PLATFORM_LOOKUPS,
  ) {
    this.masterKey = new KnownSecret(config.masterApiKey);
    this.runnerTokens = config.runnerTokens.map((token) => new KnownSecret(token));
  }

  isAdminEmail(email: string): boolean {
    return this.config.adminUsers.includes(email);
  }

  callerFor(user: CallerUser, session: CallerSession | null = null): Caller {
    return Caller.ofUser(user, this.isAdminEmail(user.email), session);
  }

  async resolve(credentials: Credentials): Promise<Caller> {
    if (credentials.runnerToken) return this.fromRunnerToken(credentials.runnerToken);
    const key = credentials.apiKey;
    if (key !== undefined && key !== '') return this.fromApiKey(key);
    if (credentials.sessionCookie) {
      const caller = await this.fromSession(credentials.sessionCookie);
      if (caller) return caller;
    }
    return Caller.anonymous();
  }

  private fromRunnerToken(token: string): Caller {
    const index = this.runnerTokens.findIndex((known) => known.matches(token));
    if (index < 0) throw keyRefused('Provided runner token is not valid.');
    return Caller.runner(`runner-${index + 1}`);
  }

  private async fromApiKey(key: string): Promise<Caller> {
    // A cached key is a user's (only keys that failed the master key's comparison are looked up, and
    // only those the database knows are kept): it is answered without hashing it for that comparison.
    const cached = this.cache.get(key);
    if (cached) return this.callerFor(cached);
    if (this.masterKey.matches(key)) return Caller.master();
    const stamp = this.cache.stamp();
    const row = await this.reader.one(null, this.lookups.apiKey, [key]);
    if (!row) throw keyRefused('Provided API key is not valid.');
    if (row.deleted) throw keyRefused('User account is deactivated, please contact an administrator.');
    if (row.superseded) throw keyRefused('Provided API key has expired.');
    const user: CallerUser = { id: row.id, email: row.email, username: row.username };
    this.cache.set(key, user, stamp);
    return this.callerFor(user);
  }

  /** An unreadable or invalidated cookie is simply no session. */
  private async fromSession(cookie: string): Promise<Caller | null> {
    let sessionKey: string;
    try {
      sessionKey = this.ids.decodeGuid(cookie);
    } catch {
      return null;
    }
    const row = await this.reader.one(null, this.lookups.session, [sessionKey]);
    if (!row) return null;
    const session: CallerSession = { id: row.id, sessionKey, currentHistoryId: row.currentHistoryId };
    if (row.userId !== null && row.email !== null && !row.deleted) return this.callerFor({ id: row.userId, email: row.email, username: row.username }, session);
    return Caller.anonymous(session);
  }
}
