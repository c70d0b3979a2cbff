import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceContext } from '../../context/service-context';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import type { Role } from '../../entities/role.entity';
import { errors } from '../../errors/error-kinds';
import { User } from '../../entities/user.entity';
import { adminIdErrors, decodeId } from '../shared';
import { referencedRoles } from './role-references';

const userIds = adminIdErrors('user');
import type { PermissionService } from '../permissions';

/** Dataset roles: who may access (all of them needed) and who may manage the permissions. */
export interface DatasetRoles {
  access: Role[];
  manage: Role[];
}

/**
 * A user's default dataset permissions (the platform's DefaultUserPermissions), kept as grants on the
 * `user_default` item of the user: each new dataset of their histories gets a copy of them. None
 * (the default) leaves new datasets public, as on the platform unless the user asks for privacy.
 */
export class DefaultDatasetPermissionsService {
  constructor(private readonly permissions: PermissionService) {}

  /** The caller's defaults, or (administrators) those of the user whose encoded id is given. */
  async show(ctx: ServiceContext, encodedUserId?: string | null): Promise<DatasetRoles> {
    const item = await this.itemOf(ctx, encodedUserId);
    const { permissions } = this;
    return {
      access: await permissions.roles(ctx, item, PERMISSION_ACTIONS.datasetAccess),
      manage: await permissions.roles(ctx, item, PERMISSION_ACTIONS.datasetManage),
    };
  }

  /** Replaces the caller's defaults (roles as encoded ids or names); manage stays as it is when not given. */
  async set(ctx: ServiceContext, lists: { access: string[]; manage: string[] | null }, encodedUserId?: string | null): Promise<DatasetRoles> {
    return ctx.em.transactional(async () => {
      const item = await this.itemOf(ctx, encodedUserId);
      const { permissions } = this;
      await permissions.setRoles(ctx, item, PERMISSION_ACTIONS.datasetAccess, await referencedRoles(ctx, lists.access));
      if (lists.manage !== null) await permissions.setRoles(ctx, item, PERMISSION_ACTIONS.datasetManage, await referencedRoles(ctx, lists.manage));
      return this.show(ctx, encodedUserId);
    });
  }

  private async itemOf(ctx: ServiceContext, encodedUserId?: string | null) {
    const user = ctx.caller.user;
    if (!user) throw errors.authRequired();
    if (encodedUserId === undefined || encodedUserId === null) return { type: 'user_default' as const, id: user.id };
    ctx.caller.requireAdmin("You are not authorized to change another user's default permissions.");
    const id = decodeId(ctx, encodedUserId, userIds.malformed);
    if (!(await ctx.em.findOne(User, { id }))) throw userIds.unknown(encodedUserId);
    return { type: 'user_default' as const, id };
  }
}

/** Grants the history owner's default permissions to new datasets: one statement, whatever their number. */
export async function applyDefaultDatasetPermissions(em: EntityManager, userId: number, datasetIds: readonly number[]): Promise<void> {
  if (datasetIds.length === 0) return;
  await em.execute(
    `insert into item_permission (item_type, item_id, action, role_id)
     select 'dataset', d.id, p.action, p.role_id from item_permission p cross join unnest(?::int[]) as d(id)
      where p.item_type = 'user_default' and p.item_id = ?
     on conflict do nothing`,
    [`{${datasetIds.join(',')}}`, userId],
  );
}
