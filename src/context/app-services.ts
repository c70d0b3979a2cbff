import type { AppConfig } from '../config/app-config';
import type { Database } from '../db/database';
import type { IdentityService } from '../auth/identity.service';
import type { IdCodec } from '../ids/id-codec';
import type { Logger } from '../logging/logger';
import type { GroupMembershipService } from '../services/groups/group-membership.service';
import type { GroupService } from '../services/groups/group.service';
import type { QuotaService } from '../services/quotas/quota.service';
import type { RoleService } from '../services/roles/role.service';
import type { SessionService } from '../services/sessions/session.service';
import type { UserService } from '../services/users/user.service';

/** The process-wide singletons every request reaches through its context. */
export interface AppServices {
  config: AppConfig;
  log: Logger;
  db: Database;
  ids: IdCodec;
  identity: IdentityService;
  sessions: SessionService;
  users: UserService;
  roles: RoleService;
  groups: GroupService;
  groupMembers: GroupMembershipService;
  quotas: QuotaService;
}
