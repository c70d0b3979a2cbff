import type { ServiceContext } from '../../context/service-context';
import { GroupQuotaAssociation, GroupRoleAssociation, UserGroupAssociation } from '../../entities/associations.entity';
import { Group } from '../../entities/group.entity';
import { Role } from '../../entities/role.entity';
import { User } from '../../entities/user.entity';
import { errors } from '../../errors/error-kinds';
import { decodeId, loadAllOrFail } from '../shared';
import { groupIds, roleIds, userIds } from './group.service';

/** Deleted groups for the administration's list (a few by nature: read whole). */
export async function deletedGroups(ctx: ServiceContext): Promise<Group[]> {
  ctx.caller.requireAdmin();
  return ctx.em.find(Group, { deleted: true }, { orderBy: { id: 'asc' } });
}

async function findGroup(ctx: ServiceContext, encodedId: string): Promise<Group> {
  const id = decodeId(ctx, encodedId, groupIds.malformed);
  const group = await ctx.em.findOne(Group, { id });
  if (!group) throw groupIds.unknown(encodedId);
  return group;
}

/** Marks a group deleted (or not); its members stay until it is purged. */
export async function setGroupDeleted(ctx: ServiceContext, encodedId: string, deleted: boolean): Promise<Group> {
  ctx.caller.requireAdmin();
  return ctx.em.transactional(async (em) => {
    const group = await findGroup(ctx, encodedId);
    if (group.deleted === deleted) throw errors.invalid(`Group '${group.name}' is ${deleted ? 'already' : 'not'} deleted.`);
    group.deleted = deleted;
    await em.flush();
    return group;
  });
}

/** Purges a deleted group as 15.05 did: its users, roles and quotas are let go (the group stays, deleted). */
export async function purgeGroup(ctx: ServiceContext, encodedId: string): Promise<Group> {
  ctx.caller.requireAdmin();
  return ctx.em.transactional(async (em) => {
    const group = await findGroup(ctx, encodedId);
    if (!group.deleted) throw errors.invalid(`Group '${group.name}' must be deleted before it is purged.`);
    await em.nativeDelete(UserGroupAssociation, { group });
    await em.nativeDelete(GroupRoleAssociation, { group });
    await em.nativeDelete(GroupQuotaAssociation, { group });
    return group;
  });
}

/** An administrator's edit of a group: a new name, and member lists that replace the group's (a list not given is kept). */
export interface GroupEdit {
  name?: string | null;
  userIds?: string[] | null;
  roleIds?: string[] | null;
}

/** Renames a group and replaces its users and roles, in one transaction. */
export async function editGroup(ctx: ServiceContext, encodedId: string, members: GroupEdit): Promise<Group> {
  ctx.caller.requireAdmin();
  return ctx.em.transactional(async (em) => {
    const group = await findGroup(ctx, encodedId);
    const name = members.name?.trim();
    if (members.name !== undefined && members.name !== null && !name) throw errors.invalid('Enter a valid name');
    if (name && name !== group.name) {
      if ((await em.count(Group, { name, id: { $ne: group.id } })) > 0) throw errors.invalid('A group with that name already exists');
      group.name = name;
    }
    if (members.userIds) {
      const users = await loadAllOrFail(ctx, User, members.userIds, userIds);
      await em.nativeDelete(UserGroupAssociation, { group, user: { $nin: users.map((user) => user.id) } });
      const kept = new Set((await em.find(UserGroupAssociation, { group })).map((a) => a.user.id));
      for (const user of users) if (!kept.has(user.id)) em.create(UserGroupAssociation, { user, group });
    }
    if (members.roleIds) {
      const roles = await loadAllOrFail(ctx, Role, members.roleIds, roleIds);
      await em.nativeDelete(GroupRoleAssociation, { group, role: { $nin: roles.map((role) => role.id) } });
      const kept = new Set((await em.find(GroupRoleAssociation, { group })).map((a) => a.role.id));
      for (const role of roles) if (!kept.has(role.id)) em.create(GroupRoleAssociation, { group, role });
    }
    await em.flush();
    return group;
  });
}
