import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { Group } from '../../entities/group.entity';
import type { Role } from '../../entities/role.entity';
import type { User } from '../../entities/user.entity';
import { MAX_ROLE_PAGE, purgeRole, rolePage, setRoleDeleted, updateRole } from '../../services/roles';
import { groupsByRoleId, usersByRoleId } from '../../services/shared';
import { assertCanViewMemberships } from '../../services/shared';
import { GroupType } from '../groups/group.type';
import { Access } from '../shared/access';
import { Audited, targetById, targetCreated } from '../shared/audited';
import { encoded } from '../shared/encoded-id';
import { UserType } from '../users/user.type';
import { AdminRoleConnection, NewRoleInput, RoleType, RoleUpdateInput } from './role.type';

@Resolver(() => RoleType)
export class RoleResolver {
  @Query(() => [RoleType], { description: 'Non-deleted roles the caller may see.' })
  @Access('user')
  roles(@Ctx() ctx: RequestContext): Promise<Role[]> {
    return ctx.services.roles.list(ctx);
  }

  @Query(() => RoleType)
  @Access('user')
  role(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Role> {
    return ctx.services.roles.show(ctx, id);
  }

  @Mutation(() => RoleType)
  @Access('admin')
  @Audited('role.create', targetCreated('role'))
  createRole(@Ctx() ctx: RequestContext, @Arg('input', () => NewRoleInput) input: NewRoleInput): Promise<Role> {
    return ctx.services.roles.create(ctx, input);
  }

  @Query(() => AdminRoleConnection, { description: 'Roles for the administration, oldest first, by name or description fragment (cursor pagination; private roles on request).' })
  @Access('admin')
  async adminRoles(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { defaultValue: 50, description: `At most ${MAX_ROLE_PAGE}.` }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('search', () => String, { nullable: true }) search?: string,
    @Arg('deleted', () => Boolean, { nullable: true, description: 'Deleted roles instead of the others.' }) deleted?: boolean,
    @Arg('includePrivate', () => Boolean, { nullable: true, description: "Users' private roles too." }) includePrivate?: boolean,
  ): Promise<AdminRoleConnection> {
    const page = await rolePage(ctx, { search, deleted, includePrivate }, first, after);
    return { nodes: page.roles, pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor } };
  }

  @Mutation(() => RoleType, { description: 'Renames and describes a role; a member list given replaces its users or groups (private roles refused).' })
  @Access('admin')
  @Audited('role.update', targetById('role', 'id'))
  updateRole(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('input', () => RoleUpdateInput) input: RoleUpdateInput): Promise<Role> {
    return updateRole(ctx, id, input);
  }

  @Mutation(() => RoleType, { description: 'Marks a role deleted (private roles refused).' })
  @Access('admin')
  @Audited('role.delete', targetById('role', 'id'))
  deleteRole(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Role> {
    return setRoleDeleted(ctx, id, true);
  }

  @Mutation(() => RoleType)
  @Access('admin')
  @Audited('role.undelete', targetById('role', 'id'))
  undeleteRole(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Role> {
    return setRoleDeleted(ctx, id, false);
  }

  @Mutation(() => RoleType, { description: 'Removes a deleted role from its users and groups and every permission it grants.' })
  @Access('admin')
  @Audited('role.purge', targetById('role', 'id'))
  purgeRole(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Role> {
    return purgeRole(ctx, id);
  }

  @FieldResolver(() => ID)
  id(@Root() role: Role, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, role.id);
  }

  @FieldResolver(() => [UserType], { description: 'Users holding the role directly (administrators only).' })
  users(@Root() role: Role, @Ctx() ctx: RequestContext): Promise<User[]> {
    assertCanViewMemberships(ctx);
    return ctx.loaders.get(usersByRoleId).load(role.id);
  }

  @FieldResolver(() => [GroupType], { description: 'Groups holding the role (administrators only).' })
  groups(@Root() role: Role, @Ctx() ctx: RequestContext): Promise<Group[]> {
    assertCanViewMemberships(ctx);
    return ctx.loaders.get(groupsByRoleId).load(role.id);
  }
}
