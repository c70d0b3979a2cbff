import type { ServiceContext } from '../../context/service-context';
import { GroupRoleAssociation, UserRoleAssociation } from '../../entities/associations.entity';
import { Group } from '../../entities/group.entity';
import { Role } from '../../entities/role.entity';
import { User } from '../../entities/user.entity';
import { errors } from '../../errors/error-kinds';
import { decodeId } from '../shared';
import { adminIdErrors } from '../shared';
import { loadAllOrFail } from '../shared';
import { callerDirectRoles } from './held-roles';
import { visibleRolesCondition } from './role-visibility';

export interface NewRoleInput {
  name?: string;
  description?: string;
  userIds?: string[];
  groupIds?: string[];
}

const roleIds = adminIdErrors('role');

export class RoleService {
  /** Non-deleted roles the caller may see, oldest first. */
  async list(ctx: ServiceContext): Promise<Role[]> {
    ctx.caller.requireIdentity();
    const held = await callerDirectRoles(ctx);
    return ctx.em.find(Role, { $and: [{ deleted: false }, visibleRolesCondition(ctx.caller, held)] }, { orderBy: { id: 'asc' } });
  }

  /** A role the caller may not see is reported exactly like an unknown one. */
  async show(ctx: ServiceContext, encodedId: string): Promise<Role> {
    ctx.caller.requireIdentity();
    const id = decodeId(ctx, encodedId, roleIds.malformed);
    const held = await callerDirectRoles(ctx);
    const role = await ctx.em.findOne(Role, { $and: [{ id }, visibleRolesCondition(ctx.caller, held)] });
    if (!role) throw roleIds.unknown(encodedId);
    return role;
  }

  /** Administrators create roles of the `admin` type, with their users and groups, in one transaction. */
  async create(ctx: ServiceContext, input: NewRoleInput): Promise<Role> {
    ctx.caller.requireAdmin('You are not authorized to create a new role.');
    const name = input.name?.trim() ?? '';
    const description = input.description?.trim() ?? '';
    if (!name || !description) throw errors.invalid('Enter a valid name and a description');
    return ctx.em.transactional(async (em) => {
      // Role names have no unique constraint (a migrated database may hold duplicates, the contract's
      // InconsistentDatabase case): concurrent creates of one name queue on a lock held to the commit.
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`role-name:${name}`]);
      if ((await em.count(Role, { name })) > 0) throw errors.invalid('A role with that name already exists');
      const users = await loadAllOrFail(ctx, User, input.userIds, adminIdErrors('user'));
      const groups = await loadAllOrFail(ctx, Group, input.groupIds, adminIdErrors('group'));
      const role = em.create(Role, { name, description, type: 'admin' });
      for (const user of users) em.create(UserRoleAssociation, { user, role });
      for (const group of groups) em.create(GroupRoleAssociation, { group, role });
      await em.flush();
      return role;
    });
  }
}
