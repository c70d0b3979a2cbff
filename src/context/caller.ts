import { errors } from '../errors/error-kinds';

/**
 * What a request knows of its user: who they are, read once at authentication (possibly from the
 * key cache). Anything that changes as they work (disk usage, roles) is read where it is needed.
 */
export interface CallerUser {
  readonly id: number;
  readonly email: string;
  readonly username: string | null;
}

/** The browser session a request came with. */
export interface CallerSession {
  readonly id: number;
  readonly sessionKey: string;
  readonly currentHistoryId: number | null;
}

/**
 * Who is calling: nobody (maybe with a browser session), a user (by API key or session),
 * or the operator's master key (an administrator with no user). Plain data, no entities: a caller
 * may come from the per-process key cache and outlives any one request's EntityManager.
 */
export class Caller {
  private constructor(
    readonly user: CallerUser | null,
    readonly isAdmin: boolean,
    readonly isMaster: boolean,
    readonly session: CallerSession | null,
    /** Set for a remote job runner authenticated by one of the operator's runner tokens. */
    readonly runnerName: string | null = null,
  ) {}

  static anonymous(session: CallerSession | null = null): Caller {
    return new Caller(null, false, false, session);
  }

  static ofUser(user: CallerUser, isAdmin: boolean, session: CallerSession | null = null): Caller {
    return new Caller(user, isAdmin, false, session);
  }

  static master(): Caller {
    return new Caller(null, true, true, null);
  }

  /** A remote job runner: no user, only the runner operations. */
  static runner(name: string): Caller {
    return new Caller(null, false, false, null, name);
  }

  /** The same caller with another session (one created or changed by this request). */
  withSession(session: CallerSession): Caller {
    return new Caller(this.user, this.isAdmin, this.isMaster, session, this.runnerName);
  }

  /** The platform's `trans.anonymous`: no user and not the master key. */
  get isAnonymous(): boolean {
    return this.user === null && !this.isMaster;
  }

  get userId(): number | null {
    return this.user?.id ?? null;
  }

  /** Any identity at all: a user or the master key. */
  requireIdentity(): void {
    if (this.isAnonymous) throw errors.authRequired();
  }

  requireUser(): CallerUser {
    if (!this.user) throw errors.authRequired();
    return this.user;
  }

  requireAdmin(message = 'You must be an administrator to access this feature.'): void {
    this.requireIdentity();
    if (!this.isAdmin) throw errors.adminRequired(message);
  }
}
