import { newGuid } from '../../../auth/secrets';
import { SIGN_IN_REFUSALS } from '../../../services/sessions';
import type { DepotRequestContext } from '../../context/depot-context';
import { DepotSession } from '../../entities/depot-user.entity';
import type { DepotUserView } from './depot-user-view';

/** The depot's browser sessions: in its own table, shared by every process. */
export class DepotSessionService {
  async login(ctx: DepotRequestContext, login: string, password: string): Promise<DepotUserView> {
    const user = await ctx.services.users.checkCredentials(ctx, login, password, SIGN_IN_REFUSALS);
    const session = ctx.em.create(DepotSession, { user, sessionKey: newGuid() });
    await ctx.em.persistAndFlush(session);
    ctx.response.setSessionCookie(ctx.services.ids.encodeGuid(session.sessionKey));
    ctx.actAs(ctx.services.identity.callerFor({ id: user.id, email: user.email, username: user.username }, { id: session.id, sessionKey: session.sessionKey, currentHistoryId: null }));
    return { id: user.id, email: user.email, username: user.username, deleted: user.deleted };
  }

  async logout(ctx: DepotRequestContext): Promise<boolean> {
    const session = ctx.caller.session;
    if (session) await ctx.em.nativeUpdate(DepotSession, { id: session.id }, { isValid: false });
    ctx.response.setSessionCookie(null);
    return Boolean(session);
  }
}
