import { IdentityService } from '../auth/identity.service';
import { PasswordHasher } from '../auth/passwords';
import type { AppConfig } from '../config/app-config';
import type { AppServices } from '../context/app-services';
import type { Database } from '../db/database';
import { IdCodec } from '../ids/id-codec';
import type { Logger } from '../logging/logger';
import { GroupMembershipService } from '../services/groups/group-membership.service';
import { GroupService } from '../services/groups/group.service';
import { QuotaService } from '../services/quotas/quota.service';
import { RoleService } from '../services/roles/role.service';
import { SessionService } from '../services/sessions/session.service';
import { UserService } from '../services/users/user.service';

/** The composition root: builds every service once per process. */
export function createServices(config: AppConfig, db: Database, log: Logger): AppServices {
  const ids = new IdCodec(config.idSecret);
  const passwords = new PasswordHasher(config.passwordHashRounds);
  const groups = new GroupService();
  return {
    config,
    log,
    db,
    ids,
    identity: new IdentityService(config, ids),
    sessions: new SessionService(passwords),
    users: new UserService(config, passwords),
    roles: new RoleService(),
    groups,
    groupMembers: new GroupMembershipService(groups),
    quotas: new QuotaService(),
  };
}
