import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { Group } from '../../entities/group.entity';
import type { Quota } from '../../entities/quota.entity';
import type { Role } from '../../entities/role.entity';
import type { User } from '../../entities/user.entity';
import { deletedGroups, editGroup, type Membership, purgeGroup, setGroupDeleted } from '../../services/groups';
import { quotasByGroupId, rolesByGroupId, usersByGroupId } from '../../services/shared';
import { assertCanViewMemberships } from '../../services/shared';
import { QuotaType } from '../quotas/quota.type';
import { RoleType } from '../roles/role.type';
import { Access } from '../shared/access';
import { Audited, targetById, targetCreated } from '../shared/audited';
import { encoded } from '../shared/encoded-id';
import { UserType } from '../users/user.type';
import { GroupEditInput, GroupInput, GroupRoleMembershipType, GroupType, GroupUserMembershipType } from './group.type';

@Resolver(() => GroupType)
export class GroupResolver {
  @Query(() => [GroupType], { description: 'Non-deleted groups (administrators).' })
  @Access('admin')
  groups(@Ctx() ctx: RequestContext, @Arg('deleted', () => Boolean, { nullable: true, description: 'Deleted groups instead.' }) deleted?: boolean): Promise<Group[]> {
    return deleted ? deletedGroups(ctx) : ctx.services.groups.list(ctx);
  }

  @Query(() => GroupType)
  @Access('admin')
  group(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Group> {
    return ctx.services.groups.show(ctx, id);
  }

  @Query(() => [UserType], { description: 'The users of a group, checking the group id.' })
  @Access('admin')
  groupUsers(@Ctx() ctx: RequestContext, @Arg('groupId', () => ID) groupId: string): Promise<User[]> {
    return ctx.services.groupMembers.users(ctx, groupId);
  }

  @Query(() => [RoleType], { description: 'The roles of a group, checking the group id.' })
  @Access('admin')
  groupRoles(@Ctx() ctx: RequestContext, @Arg('groupId', () => ID) groupId: string): Promise<Role[]> {
    return ctx.services.groupMembers.roles(ctx, groupId);
  }

  @Query(() => GroupUserMembershipType)
  @Access('admin')
  groupUser(@Ctx() ctx: RequestContext, @Arg('groupId', () => ID) groupId: string, @Arg('userId', () => ID) userId: string): Promise<Membership<User>> {
    return ctx.services.groupMembers.showUser(ctx, groupId, userId);
  }

  @Query(() => GroupRoleMembershipType)
  @Access('admin')
  groupRole(@Ctx() ctx: RequestContext, @Arg('groupId', () => ID) groupId: string, @Arg('roleId', () => ID) roleId: string): Promise<Membership<Role>> {
    return ctx.services.groupMembers.showRole(ctx, groupId, roleId);
  }

  @Mutation(() => GroupType)
  @Access('admin')
  @Audited('group.create', targetCreated('group'))
  createGroup(@Ctx() ctx: RequestContext, @Arg('input', () => GroupInput) input: GroupInput): Promise<Group> {
    return ctx.services.groups.create(ctx, input);
  }

  @Mutation(() => GroupType, { description: 'Renames the group and adds users and roles (never removes).' })
  @Access('admin')
  @Audited('group.update', targetById('group', 'id'))
  updateGroup(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('input', () => GroupInput) input: GroupInput): Promise<Group> {
    return ctx.services.groups.update(ctx, id, input);
  }

  @Mutation(() => GroupUserMembershipType)
  @Access('admin')
  @Audited('group.add_user', targetById('group', 'groupId'))
  addGroupUser(@Ctx() ctx: RequestContext, @Arg('groupId', () => ID) groupId: string, @Arg('userId', () => ID) userId: string): Promise<Membership<User>> {
    return ctx.services.groupMembers.addUser(ctx, groupId, userId);
  }

  @Mutation(() => GroupUserMembershipType)
  @Access('admin')
  @Audited('group.remove_user', targetById('group', 'groupId'))
  removeGroupUser(@Ctx() ctx: RequestContext, @Arg('groupId', () => ID) groupId: string, @Arg('userId', () => ID) userId: string): Promise<Membership<User>> {
    return ctx.services.groupMembers.removeUser(ctx, groupId, userId);
  }

  @Mutation(() => GroupRoleMembershipType)
  @Access('admin')
  @Audited('group.add_role', targetById('group', 'groupId'))
  addGroupRole(@Ctx() ctx: RequestContext, @Arg('groupId', () => ID) groupId: string, @Arg('roleId', () => ID) roleId: string): Promise<Membership<Role>> {
    return ctx.services.groupMembers.addRole(ctx, groupId, roleId);
  }

  @Mutation(() => GroupRoleMembershipType)
  @Access('admin')
  @Audited('group.remove_role', targetById('group', 'groupId'))
  removeGroupRole(@Ctx() ctx: RequestContext, @Arg('groupId', () => ID) groupId: string, @Arg('roleId', () => ID) roleId: string): Promise<Membership<Role>> {
    return ctx.services.groupMembers.removeRole(ctx, groupId, roleId);
  }

  @Mutation(() => GroupType, { description: 'Renames a group; a member list given replaces its users or roles.' })
  @Access('admin')
  @Audited('group.edit', targetById('group', 'id'))
  editGroup(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('input', () => GroupEditInput) input: GroupEditInput): Promise<Group> {
    return editGroup(ctx, id, input);
  }

  @Mutation(() => GroupType)
  @Access('admin')
  @Audited('group.delete', targetById('group', 'id'))
  deleteGroup(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Group> {
    return setGroupDeleted(ctx, id, true);
  }

  @Mutation(() => GroupType)
  @Access('admin')
  @Audited('group.undelete', targetById('group', 'id'))
  undeleteGroup(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Group> {
    return setGroupDeleted(ctx, id, false);
  }

  @Mutation(() => GroupType, { description: 'Removes a deleted group\'s users, roles and quotas.' })
  @Access('admin')
  @Audited('group.purge', targetById('group', 'id'))
  purgeGroup(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Group> {
    return purgeGroup(ctx, id);
  }

  @FieldResolver(() => ID)
  id(@Root() group: Group, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, group.id);
  }

  @FieldResolver(() => [UserType])
  users(@Root() group: Group, @Ctx() ctx: RequestContext): Promise<User[]> {
    assertCanViewMemberships(ctx);
    return ctx.loaders.get(usersByGroupId).load(group.id);
  }

  @FieldResolver(() => [RoleType])
  roles(@Root() group: Group, @Ctx() ctx: RequestContext): Promise<Role[]> {
    assertCanViewMemberships(ctx);
    return ctx.loaders.get(rolesByGroupId).load(group.id);
  }

  @FieldResolver(() => [QuotaType])
  quotas(@Root() group: Group, @Ctx() ctx: RequestContext): Promise<Quota[]> {
    assertCanViewMemberships(ctx);
    return ctx.loaders.get(quotasByGroupId).load(group.id);
  }
}
