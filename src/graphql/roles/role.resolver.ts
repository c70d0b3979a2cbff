import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { Group } from '../../entities/group.entity';
import type { Role } from '../../entities/role.entity';
import type { User } from '../../entities/user.entity';
import { groupsByRoleId, usersByRoleId } from '../../services/shared';
import { assertCanViewMemberships } from '../../services/shared';
import { GroupType } from '../groups/group.type';
import { Access } from '../shared/access';
import { Audited, targetCreated } from '../shared/audited';
import { encoded } from '../shared/encoded-id';
import { UserType } from '../users/user.type';
import { NewRoleInput, RoleType } from './role.type';

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
