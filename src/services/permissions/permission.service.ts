import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import type { ServiceContext } from '../../context/service-context';
import { ItemPermission, type PermissionAction, type PermissionItemType } from '../../entities/item-permission.entity';
import { Role } from '../../entities/role.entity';
import { callerRoleIds } from '../roles';
import { allows } from './permission-rules';

export interface ItemRef {
  type: PermissionItemType;
  id: number;
}

const keyOf = (item: ItemRef) => `${item.type}:${item.id}`;

/** Every grant of each item, by action; one query per batch. */
export const grantsByItem: LoaderFactory<string, Map<PermissionAction, number[]>> = (ctx) =>
  new DataLoader(async (keys) => {
    const refs = keys.map((key) => {
      const [type, id] = key.split(':');
      return { type, id: Number(id) };
    });
    const rows = await ctx.em.find(ItemPermission, { $or: refs.map((ref) => ({ itemType: ref.type as PermissionItemType, itemId: ref.id })) }, { orderBy: { id: 'asc' } });
    const byKey = new Map<string, Map<PermissionAction, number[]>>(keys.map((key) => [key, new Map()]));
    for (const row of rows) {
      const actions = byKey.get(`${row.itemType}:${row.itemId}`);
      if (!actions) continue;
      actions.set(row.action, [...(actions.get(row.action) ?? []), row.role.id]);
    }
    return keys.map((key) => byKey.get(key) ?? new Map());
  });

/** Role grants on items: who may do what, with the platform's rules (see permission-rules). */
export class PermissionService {
  async grantedRoleIds(ctx: ServiceContext, item: ItemRef, action: PermissionAction): Promise<number[]> {
    return (await ctx.loaders.get(grantsByItem).load(keyOf(item))).get(action) ?? [];
  }

  /** Whether the caller may perform `action` on the item; administrators always may. */
  async can(ctx: ServiceContext, item: ItemRef, action: PermissionAction): Promise<boolean> {
    if (ctx.caller.isAdmin) return true;
    const held = new Set(await callerRoleIds(ctx));
    return allows(action, await this.grantedRoleIds(ctx, item, action), held);
  }

  /** The roles granted `action` on the item, in grant order. */
  async roles(ctx: ServiceContext, item: ItemRef, action: PermissionAction): Promise<Role[]> {
    const ids = await this.grantedRoleIds(ctx, item, action);
    if (ids.length === 0) return [];
    const roles = await ctx.em.find(Role, { id: { $in: ids } });
    const byId = new Map(roles.map((role) => [role.id, role]));
    return ids.map((id) => byId.get(id)).filter((role): role is Role => Boolean(role));
  }

  /** Replaces the roles granted `action` on the item (inside the caller's transaction). */
  async setRoles(ctx: ServiceContext, item: ItemRef, action: PermissionAction, roles: readonly Role[]): Promise<void> {
    await ctx.em.nativeDelete(ItemPermission, { itemType: item.type, itemId: item.id, action });
    const unique = [...new Map(roles.map((role) => [role.id, role])).values()];
    for (const role of unique) ctx.em.create(ItemPermission, { itemType: item.type, itemId: item.id, action, role });
    await ctx.em.flush();
    ctx.loaders.get(grantsByItem).clear(keyOf(item));
  }

  /** Removes every grant of an item (purge). */
  async clear(ctx: ServiceContext, item: ItemRef): Promise<void> {
    await ctx.em.nativeDelete(ItemPermission, { itemType: item.type, itemId: item.id });
    ctx.loaders.get(grantsByItem).clear(keyOf(item));
  }
}
