import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import {
  DefaultQuotaAssociation,
  GroupQuotaAssociation,
  GroupRoleAssociation,
  UserGroupAssociation,
  UserQuotaAssociation,
  UserRoleAssociation,
} from '../../entities/associations.entity';
import type { Group } from '../../entities/group.entity';
import type { Quota } from '../../entities/quota.entity';
import type { Role } from '../../entities/role.entity';
import type { User } from '../../entities/user.entity';
import { linkedLoader } from './linked-loader';

/** The relations of the admin area, each one query per batch. */
export const rolesByUserId = linkedLoader<UserRoleAssociation, Role>(UserRoleAssociation, 'user', 'role');
export const usersByRoleId = linkedLoader<UserRoleAssociation, User>(UserRoleAssociation, 'role', 'user');
export const groupsByUserId = linkedLoader<UserGroupAssociation, Group>(UserGroupAssociation, 'user', 'group');
export const usersByGroupId = linkedLoader<UserGroupAssociation, User>(UserGroupAssociation, 'group', 'user');
export const rolesByGroupId = linkedLoader<GroupRoleAssociation, Role>(GroupRoleAssociation, 'group', 'role');
export const groupsByRoleId = linkedLoader<GroupRoleAssociation, Group>(GroupRoleAssociation, 'role', 'group');
export const quotasByUserId = linkedLoader<UserQuotaAssociation, Quota>(UserQuotaAssociation, 'user', 'quota');
export const usersByQuotaId = linkedLoader<UserQuotaAssociation, User>(UserQuotaAssociation, 'quota', 'user');
export const quotasByGroupId = linkedLoader<GroupQuotaAssociation, Quota>(GroupQuotaAssociation, 'group', 'quota');
export const groupsByQuotaId = linkedLoader<GroupQuotaAssociation, Group>(GroupQuotaAssociation, 'quota', 'group');

/** The default types ('registered', 'unregistered') a quota is the default for. */
export const defaultTypesByQuotaId: LoaderFactory<number, string[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const links = await ctx.em.find(DefaultQuotaAssociation, { quota: { $in: [...ids] } }, { orderBy: { id: 'asc' } });
    return ids.map((id) => links.filter((link) => link.quota.id === id).map((link) => link.type));
  });
