import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceContext } from '../../context/service-context';
import { GroupRoleAssociation, UserRoleAssociation } from '../../entities/associations.entity';
import { Group } from '../../entities/group.entity';
import { Role } from '../../entities/role.entity';
import { User } from '../../entities/user.entity';
import { errors } from '../../errors/error-kinds';
import { adminIdErrors, decodeId, loadAllOrFail } from '../shared';

/** An administrator's changes to a role; a member list given replaces the role's members of that kind. */
export interface RoleUpdate {
  name?: string | null;
  description?: string | null;
  userIds?: string[] | null;
  groupIds?: string[] | null;
}

const roleIds = adminIdErrors('role');

/** Loads a role by encoded id for an administrator's change: private roles (one per user) are refused, as 15.05 did. */
export async function editableRole(ctx: ServiceContext, encodedId: string): Promise<Role> {
  const id = decodeId(ctx, encodedId, roleIds.malformed);
  const role = await ctx.em.findOne(Role, { id });
  if (!role) throw roleIds.unknown(encodedId);
  if (role.type === 'private') throw errors.invalid(`Private role '${role.name}' cannot be changed: it belongs to its user.`);
  return role;
}

/** Renames, describes and replaces the members of a role, in one transaction (administrators). */
export async function updateRole(ctx: ServiceContext, encodedId: string, update: RoleUpdate): Promise<Role> {
  ctx.caller.requireAdmin('You are not authorized to change roles.');
  return ctx.em.transactional(async (em) => {
    const role = await editableRole(ctx, encodedId);
    const name = update.name?.trim();
    if (update.name !== undefined && update.name !== null && !name) throw errors.invalid('Enter a valid name');
    if (name && name !== role.name) {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`role-name:${name}`]);
      if ((await em.count(Role, { name, id: { $ne: role.id } })) > 0) throw errors.invalid('A role with that name already exists');
      role.name = name;
    }
    if (update.description !== undefined && update.description !== null) role.description = update.description.trim();
    if (update.userIds) await replaceUsers(em, role, await loadAllOrFail(ctx, User, update.userIds, adminIdErrors('user')));
    if (update.groupIds) await replaceGroups(em, role, await loadAllOrFail(ctx, Group, update.groupIds, adminIdErrors('group')));
    await em.flush();
    return role;
  });
}

/** Marks a role deleted (or not): its members and grants stay until it is purged. */
export async function setRoleDeleted(ctx: ServiceContext, encodedId: string, deleted: boolean): Promise<Role> {
  ctx.caller.requireAdmin('You are not authorized to change roles.');
  return ctx.em.transactional(async (em) => {
    const role = await editableRole(ctx, encodedId);
    if (role.deleted === deleted) throw errors.invalid(`Role '${role.name}' is ${deleted ? 'already' : 'not'} deleted.`);
    role.deleted = deleted;
    await em.flush();
    return role;
  });
}

/**
 * Purges a deleted role as 15.05 did: its users, its groups and every permission granted to it are
 * removed (the role itself stays, deleted). Three statements, whatever the number of members.
 */
export async function purgeRole(ctx: ServiceContext, encodedId: string): Promise<Role> {
  ctx.caller.requireAdmin('You are not authorized to change roles.');
  return ctx.em.transactional(async (em) => {
    const role = await editableRole(ctx, encodedId);
    if (!role.deleted) throw errors.invalid(`Role '${role.name}' must be deleted before it is purged.`);
    await em.nativeDelete(UserRoleAssociation, { role });
    await em.nativeDelete(GroupRoleAssociation, { role });
    await em.execute('delete from item_permission where role_id = ?', [role.id]);
    return role;
  });
}

async function replaceUsers(em: EntityManager, role: Role, users: User[]): Promise<void> {
  await em.nativeDelete(UserRoleAssociation, { role, user: { $nin: users.map((user) => user.id) } });
  const kept = new Set((await em.find(UserRoleAssociation, { role })).map((a) => a.user.id));
  for (const user of users) if (!kept.has(user.id)) em.create(UserRoleAssociation, { user, role });
}

async function replaceGroups(em: EntityManager, role: Role, groups: Group[]): Promise<void> {
  await em.nativeDelete(GroupRoleAssociation, { role, group: { $nin: groups.map((group) => group.id) } });
  const kept = new Set((await em.find(GroupRoleAssociation, { role })).map((a) => a.group.id));
  for (const group of groups) if (!kept.has(group.id)) em.create(GroupRoleAssociation, { group, role });
}
