import type { RequestContext } from '../../context/request-context';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import type { LibraryFolder } from '../../entities/library-folder.entity';
import type { Role } from '../../entities/role.entity';
import { errors } from '../../errors/error-kinds';
import { rolesByName } from '../permissions/role-lookup';
import { type RolePage, validRoles } from '../permissions/valid-roles';
import { parseAction, parseScope } from './permission-forms';

export interface FolderRoles {
  add: Role[];
  manage: Role[];
  modify: Role[];
}

export interface FolderPermissionsView {
  current: FolderRoles | null;
  available: RolePage | null;
}

/** Folder permissions: administrators and managers of the folder see and set its add, manage and modify roles. */
export class FolderPermissionsService {
  async show(ctx: RequestContext, encodedId: string, scope: string | null, page: number, pageLimit: number, query: string | null): Promise<FolderPermissionsView> {
    const folder = await this.managed(ctx, encodedId, 'You do not have proper permission to access permissions of this folder.');
    if (parseScope(scope) === 'current') return { current: await this.current(ctx, folder), available: null };
    return { current: null, available: await validRoles(ctx, true, [], { page, pageLimit, query }) };
  }

  /** Sets add, manage and modify roles from role names; names not among the valid roles are skipped. */
  async set(ctx: RequestContext, encodedId: string, action: string | null, names: { add: string[]; manage: string[]; modify: string[] }): Promise<FolderRoles> {
    parseAction(action, ['set_permissions'] as const);
    return ctx.em.transactional(async () => {
      const folder = await this.managed(ctx, encodedId, 'You do not have proper permission to modify permissions of this folder.');
      const valid = await this.validRoleIds(ctx);
      const keep = async (list: string[]) => (await rolesByName(ctx, list)).filter((role) => valid === null || valid.has(role.id));
      const item = { type: 'folder' as const, id: folder.id };
      await ctx.services.permissions.setRoles(ctx, item, PERMISSION_ACTIONS.libraryAdd, await keep(names.add));
      await ctx.services.permissions.setRoles(ctx, item, PERMISSION_ACTIONS.libraryManage, await keep(names.manage));
      await ctx.services.permissions.setRoles(ctx, item, PERMISSION_ACTIONS.libraryModify, await keep(names.modify));
      return this.current(ctx, folder);
    });
  }

  private async current(ctx: RequestContext, folder: LibraryFolder): Promise<FolderRoles> {
    const item = { type: 'folder' as const, id: folder.id };
    const { permissions } = ctx.services;
    return {
      add: await permissions.roles(ctx, item, PERMISSION_ACTIONS.libraryAdd),
      manage: await permissions.roles(ctx, item, PERMISSION_ACTIONS.libraryManage),
      modify: await permissions.roles(ctx, item, PERMISSION_ACTIONS.libraryModify),
    };
  }

  /** Role ids a non-administrator may choose (null: any role, for administrators). */
  private async validRoleIds(ctx: RequestContext): Promise<Set<number> | null> {
    if (ctx.caller.isAdmin) return null;
    const page = await validRoles(ctx, true, [], { page: 1, pageLimit: 100000, query: null });
    return new Set(page.roles.map((role) => role.id));
  }

  private async managed(ctx: RequestContext, encodedId: string, message: string): Promise<LibraryFolder> {
    ctx.caller.requireIdentity();
    const folder = await ctx.services.folders.findAccessible(ctx, encodedId);
    if (!(await ctx.services.folders.can(ctx, folder, PERMISSION_ACTIONS.libraryManage))) throw errors.insufficientPermissions(message);
    return folder;
  }
}
