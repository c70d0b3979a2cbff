import type { ServiceContext } from '../../context/service-context';
import { GroupRoleAssociation, UserGroupAssociation } from '../../entities/associations.entity';
import { Group } from '../../entities/group.entity';
import { Role } from '../../entities/role.entity';
import { User } from '../../entities/user.entity';
import { errors } from '../../errors/error-kinds';
import { decodeId } from '../shared';
import { loadAllOrFail } from '../shared';
import { adminIdErrors } from '../shared';

export interface GroupInput {
  name?: string;
  userIds?: string[];
  roleIds?: string[];
}

export const groupIds = adminIdErrors('group');
export const userIds = adminIdErrors('user');
export const roleIds = adminIdErrors('role');

/** Groups are an administrators' tool: every operation requires an administrator. */
export class GroupService {
  async list(ctx: ServiceContext): Promise<Group[]> {
    ctx.caller.requireAdmin();
    return ctx.em.find(Group, { deleted: false }, { orderBy: { id: 'asc' } });
  }

  async show(ctx: ServiceContext, encodedId: string): Promise<Group> {
    ctx.caller.requireAdmin();
    return this.find(ctx, encodedId);
  }

  async create(ctx: ServiceContext, input: GroupInput): Promise<Group> {
    ctx.caller.requireAdmin();
    const name = input.name?.trim() ?? '';
    if (!name) throw errors.invalid('Enter a valid name');
    return ctx.em.transactional(async (em) => {
      if ((await em.count(Group, { name })) > 0) throw errors.invalid('A group with that name already exists');
      const group = em.create(Group, { name });
      await this.addMembers(ctx, group, input);
      await em.flush();
      return group;
    });
  }

  /** Renames, and adds the listed users and roles without removing existing ones. */
  async update(ctx: ServiceContext, encodedId: string, input: GroupInput): Promise<Group> {
    ctx.caller.requireAdmin();
    return ctx.em.transactional(async (em) => {
      const group = await this.find(ctx, encodedId);
      const name = input.name?.trim();
      if (name && name !== group.name) {
        if ((await em.count(Group, { name, id: { $ne: group.id } })) > 0) throw errors.invalid('A group with that name already exists');
        group.name = name;
      }
      await this.addMembers(ctx, group, input);
      await em.flush();
      return group;
    });
  }

  /** Loads a group by encoded id; the platform's 400 messages for malformed and unknown ids. */
  async find(ctx: ServiceContext, encodedId: string): Promise<Group> {
    const id = decodeId(ctx, encodedId, groupIds.malformed);
    const group = await ctx.em.findOne(Group, { id });
    if (!group) throw groupIds.unknown(encodedId);
    return group;
  }

  private async addMembers(ctx: ServiceContext, group: Group, input: GroupInput): Promise<void> {
    const em = ctx.em;
    const users = await loadAllOrFail(ctx, User, input.userIds, userIds);
    const roles = await loadAllOrFail(ctx, Role, input.roleIds, roleIds);
    const existingUsers = group.id ? new Set((await em.find(UserGroupAssociation, { group })).map((a) => a.user.id)) : new Set<number>();
    const existingRoles = group.id ? new Set((await em.find(GroupRoleAssociation, { group })).map((a) => a.role.id)) : new Set<number>();
    for (const user of users) if (!existingUsers.has(user.id)) em.create(UserGroupAssociation, { user, group });
    for (const role of roles) if (!existingRoles.has(role.id)) em.create(GroupRoleAssociation, { group, role });
  }
}
