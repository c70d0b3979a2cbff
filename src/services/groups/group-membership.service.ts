import type { ServiceContext } from '../../context/service-context';
import { GroupRoleAssociation, UserGroupAssociation } from '../../entities/associations.entity';
import type { Group } from '../../entities/group.entity';
import { Role } from '../../entities/role.entity';
import { User } from '../../entities/user.entity';
import { decodeId } from '../shared';
import type { GroupService } from './group.service';
import { roleIds, userIds } from './group.service';

/** A user or role looked up in a group; `message` says why it is not a member. */
export interface Membership<T> {
  group: Group;
  member: T;
  isMember: boolean;
  message: string | null;
}

/** Adding, showing and removing the users and roles of a group (administrators only). */
export class GroupMembershipService {
  constructor(private readonly groups: GroupService) {}

  async users(ctx: ServiceContext, encodedGroupId: string): Promise<User[]> {
    ctx.caller.requireAdmin();
    const group = await this.groups.find(ctx, encodedGroupId);
    const links = await ctx.em.find(UserGroupAssociation, { group }, { populate: ['user'], orderBy: { id: 'asc' } });
    return links.map((link) => link.user);
  }

  async roles(ctx: ServiceContext, encodedGroupId: string): Promise<Role[]> {
    ctx.caller.requireAdmin();
    const group = await this.groups.find(ctx, encodedGroupId);
    const links = await ctx.em.find(GroupRoleAssociation, { group }, { populate: ['role'], orderBy: { id: 'asc' } });
    return links.map((link) => link.role);
  }

  async showUser(ctx: ServiceContext, encodedGroupId: string, encodedUserId: string): Promise<Membership<User>> {
    const { group, user, link } = await this.userLink(ctx, encodedGroupId, encodedUserId);
    return { group, member: user, isMember: Boolean(link), message: link ? null : `user ${user.email} not in group ${group.name}` };
  }

  /** Adding a member twice changes nothing. */
  async addUser(ctx: ServiceContext, encodedGroupId: string, encodedUserId: string): Promise<Membership<User>> {
    return ctx.em.transactional(async (em) => {
      const { group, user, link } = await this.userLink(ctx, encodedGroupId, encodedUserId);
      if (!link) await em.persistAndFlush(em.create(UserGroupAssociation, { user, group }));
      return { group, member: user, isMember: true, message: null };
    });
  }

  async removeUser(ctx: ServiceContext, encodedGroupId: string, encodedUserId: string): Promise<Membership<User>> {
    return ctx.em.transactional(async (em) => {
      const { group, user, link } = await this.userLink(ctx, encodedGroupId, encodedUserId);
      if (!link) return { group, member: user, isMember: false, message: `user ${user.email} not in group ${group.name}` };
      await em.removeAndFlush(link);
      return { group, member: user, isMember: true, message: null };
    });
  }

  async showRole(ctx: ServiceContext, encodedGroupId: string, encodedRoleId: string): Promise<Membership<Role>> {
    const { group, role, link } = await this.roleLink(ctx, encodedGroupId, encodedRoleId);
    return { group, member: role, isMember: Boolean(link), message: link ? null : `role ${role.name} not in group ${group.name}` };
  }

  async addRole(ctx: ServiceContext, encodedGroupId: string, encodedRoleId: string): Promise<Membership<Role>> {
    return ctx.em.transactional(async (em) => {
      const { group, role, link } = await this.roleLink(ctx, encodedGroupId, encodedRoleId);
      if (!link) await em.persistAndFlush(em.create(GroupRoleAssociation, { group, role }));
      return { group, member: role, isMember: true, message: null };
    });
  }

  async removeRole(ctx: ServiceContext, encodedGroupId: string, encodedRoleId: string): Promise<Membership<Role>> {
    return ctx.em.transactional(async (em) => {
      const { group, role, link } = await this.roleLink(ctx, encodedGroupId, encodedRoleId);
      if (!link) return { group, member: role, isMember: false, message: `role ${role.name} not in group ${group.name}` };
      await em.removeAndFlush(link);
      return { group, member: role, isMember: true, message: null };
    });
  }

  private async userLink(ctx: ServiceContext, encodedGroupId: string, encodedUserId: string) {
    ctx.caller.requireAdmin();
    const group = await this.groups.find(ctx, encodedGroupId);
    const user = await ctx.em.findOne(User, { id: decodeId(ctx, encodedUserId, userIds.malformed) });
    if (!user) throw userIds.unknown(encodedUserId);
    const link = await ctx.em.findOne(UserGroupAssociation, { group, user });
    return { group, user, link };
  }

  private async roleLink(ctx: ServiceContext, encodedGroupId: string, encodedRoleId: string) {
    ctx.caller.requireAdmin();
    const group = await this.groups.find(ctx, encodedGroupId);
    const role = await ctx.em.findOne(Role, { id: decodeId(ctx, encodedRoleId, roleIds.malformed) });
    if (!role) throw roleIds.unknown(encodedRoleId);
    const link = await ctx.em.findOne(GroupRoleAssociation, { group, role });
    return { group, role, link };
  }
}
