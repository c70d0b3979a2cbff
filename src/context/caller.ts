import type { GalaxySession } from '../entities/galaxy-session.entity';
import type { User } from '../entities/user.entity';
import { errors } from '../errors/error-kinds';

/**
 * Who is calling: nobody (maybe with a browser session), a user (by API key or session),
 * or the operator's master key (an administrator with no user).
 */
export class Caller {
  private constructor(
    readonly user: User | null,
    readonly isAdmin: boolean,
    readonly isMaster: boolean,
    readonly session: GalaxySession | null,
    /** Set for a remote job runner authenticated by one of the operator's runner tokens. */
    readonly runnerName: string | null = null,
  ) {}

  static anonymous(session: GalaxySession | null = null): Caller {
    return new Caller(null, false, false, session);
  }

  static ofUser(user: User, isAdmin: boolean, session: GalaxySession | null = null): Caller {
    return new Caller(user, isAdmin, false, session);
  }

  static master(): Caller {
    return new Caller(null, true, true, null);
  }

  /** A remote job runner: no user, only the runner operations. */
  static runner(name: string): Caller {
    return new Caller(null, false, false, null, name);
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

  requireUser(): User {
    if (!this.user) throw errors.authRequired();
    return this.user;
  }

  requireAdmin(message = 'You must be an administrator to access this feature.'): void {
    this.requireIdentity();
    if (!this.isAdmin) throw errors.adminRequired(message);
  }
}
