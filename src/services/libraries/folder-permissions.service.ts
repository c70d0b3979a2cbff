import type { ServiceContext } from '../../context/service-context';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import type { LibraryFolder } from '../../entities/library-folder.entity';
import type { Role } from '../../entities/role.entity';
import { errors } from '../../errors/error-kinds';
import { rolesByName } from '../permissions';
import { type RolePage, validAmong, validRoles } from '../permissions';
import { parseAction, parseScope } from './permission-forms';
import type { FolderService } from './folder.service';
import type { PermissionService } from '../permissions';

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
  constructor(private readonly folders: FolderService, private readonly permissions: PermissionService) {}

  async show(ctx: ServiceContext, encodedId: string, scope: string | null, page: number, pageLimit: number, query: string | null): Promise<FolderPermissionsView> {
    const folder = await this.managed(ctx, encodedId, 'You do not have proper permission to access permissions of this folder.');
    if (parseScope(scope) === 'current') return { current: await this.current(ctx, folder), available: null };
    return { current: null, available: await validRoles(ctx, true, [], { page, pageLimit, query }) };
  }

  /**
   * Sets add, manage and modify roles from role names; names not among the valid roles are skipped.
   * As on the platform, the manage permission is checked before the action.
   */
  async set(ctx: ServiceContext, encodedId: string, action: string | null, names: { add: string[]; manage: string[]; modify: string[] }): Promise<FolderRoles> {
    return ctx.em.transactional(async () => {
      const folder = await this.managed(ctx, encodedId, 'You do not have proper permission to modify permissions of this folder.');
      parseAction(action, ['set_permissions'] as const);
      const keep = async (list: string[]) => validAmong(ctx, true, [], await rolesByName(ctx, list));
      const [add, manage, modify] = [await keep(names.add), await keep(names.manage), await keep(names.modify)];
      const item = { type: 'folder' as const, id: folder.id };
      await this.permissions.setRoles(ctx, item, PERMISSION_ACTIONS.libraryAdd, add);
      await this.permissions.setRoles(ctx, item, PERMISSION_ACTIONS.libraryManage, manage);
      await this.permissions.setRoles(ctx, item, PERMISSION_ACTIONS.libraryModify, modify);
      return this.current(ctx, folder);
    });
  }

  private async current(ctx: ServiceContext, folder: LibraryFolder): Promise<FolderRoles> {
    const item = { type: 'folder' as const, id: folder.id };
    const { permissions } = this;
    return {
      add: await permissions.roles(ctx, item, PERMISSION_ACTIONS.libraryAdd),
      manage: await permissions.roles(ctx, item, PERMISSION_ACTIONS.libraryManage),
      modify: await permissions.roles(ctx, item, PERMISSION_ACTIONS.libraryModify),
    };
  }

  private async managed(ctx: ServiceContext, encodedId: string, message: string): Promise<LibraryFolder> {
    ctx.caller.requireIdentity();
    const folder = await this.folders.findAccessible(ctx, encodedId);
    if (!(await this.folders.can(ctx, folder, PERMISSION_ACTIONS.libraryManage))) throw errors.insufficientPermissions(message);
    return folder;
  }
}
