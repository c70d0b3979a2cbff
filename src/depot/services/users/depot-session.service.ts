import { newGuid } from '../../../auth/secrets';
import { SIGN_IN_REFUSALS } from '../../../services/sessions';
import type { DepotServiceContext } from '../../context/depot-service-context';
import { DepotSession } from '../../entities/depot-user.entity';
import type { DepotUserView } from './depot-user-view';
import type { DepotUserService } from './depot-user.service';
import type { IdentityService } from '../../../auth/identity.service';

/** The depot's browser sessions: in its own table, shared by every process. */
export class DepotSessionService {
  constructor(
    private readonly users: DepotUserService,
    private readonly identity: IdentityService,
  ) {}

  async login(ctx: DepotServiceContext, login: string, password: string): Promise<DepotUserView> {
    const user = await this.users.checkCredentials(ctx, login, password, SIGN_IN_REFUSALS);
    const session = ctx.em.create(DepotSession, { user, sessionKey: newGuid() });
    await ctx.em.persistAndFlush(session);
    ctx.response.setSessionCookie(ctx.services.ids.encodeGuid(session.sessionKey));
    ctx.actAs(this.identity.callerFor({ id: user.id, email: user.email, username: user.username }, { id: session.id, sessionKey: session.sessionKey, currentHistoryId: null }));
    return { id: user.id, email: user.email, username: user.username, deleted: user.deleted };
  }

  async logout(ctx: DepotServiceContext): Promise<boolean> {
    const session = ctx.caller.session;
    if (session) await ctx.em.nativeUpdate(DepotSession, { id: session.id }, { isValid: false });
    ctx.response.setSessionCookie(null);
    return Boolean(session);
  }
}
