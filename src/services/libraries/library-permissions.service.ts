import type { ServiceContext } from '../../context/service-context';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import type { Library } from '../../entities/library.entity';
import { Role } from '../../entities/role.entity';
import { errors } from '../../errors/error-kinds';
import { IdDecodeError } from '../../ids/id-codec';
import { rolesByName } from '../permissions';
import { type RolePage, validRoles } from '../permissions';
import { parseAction, parseScope } from './permission-forms';
import type { LibraryService } from './library.service';
import type { PermissionService } from '../permissions';

export interface LibraryRoles {
  access: Role[];
  add: Role[];
  manage: Role[];
  modify: Role[];
}

const ACTIONS = ['remove_restrictions', 'set_permissions'] as const;

/**
 * Library permissions (around the contract): access, add, manage and modify roles. Roles may be
 * named by encoded id (as the platform's library form sends them) or by name.
 */
export class LibraryPermissionsService {
  constructor(private readonly libraries: LibraryService, private readonly permissions: PermissionService) {}

  async show(ctx: ServiceContext, encodedId: string, scope: string | null, page: number, pageLimit: number, query: string | null): Promise<{ current: LibraryRoles | null; available: RolePage | null }> {
    const library = await this.managed(ctx, encodedId);
    if (parseScope(scope) === 'current') return { current: await this.current(ctx, library), available: null };
    return { current: null, available: await validRoles(ctx, true, [], { page, pageLimit, query }) };
  }

  async set(ctx: ServiceContext, encodedId: string, rawAction: string | null, lists: { access: string[]; add: string[]; manage: string[]; modify: string[] }): Promise<{ library: Library; roles: LibraryRoles }> {
    return ctx.em.transactional(async () => {
      const library = await this.managed(ctx, encodedId);
      const action = parseAction(rawAction, ACTIONS);
      const item = { type: 'library' as const, id: library.id };
      const { permissions } = this;
      if (action === 'remove_restrictions') {
        await permissions.setRoles(ctx, item, PERMISSION_ACTIONS.libraryAccess, []);
      } else {
        await permissions.setRoles(ctx, item, PERMISSION_ACTIONS.libraryAccess, await this.roles(ctx, lists.access));
        await permissions.setRoles(ctx, item, PERMISSION_ACTIONS.libraryAdd, await this.roles(ctx, lists.add));
        await permissions.setRoles(ctx, item, PERMISSION_ACTIONS.libraryManage, await this.roles(ctx, lists.manage));
        await permissions.setRoles(ctx, item, PERMISSION_ACTIONS.libraryModify, await this.roles(ctx, lists.modify));
        // The root folder carries the library's add, manage and modify roles, as on the platform.
        if (library.rootFolder) {
          const root = { type: 'folder' as const, id: library.rootFolder.id };
          await permissions.setRoles(ctx, root, PERMISSION_ACTIONS.libraryAdd, await this.roles(ctx, lists.add));
          await permissions.setRoles(ctx, root, PERMISSION_ACTIONS.libraryManage, await this.roles(ctx, lists.manage));
          await permissions.setRoles(ctx, root, PERMISSION_ACTIONS.libraryModify, await this.roles(ctx, lists.modify));
        }
      }
      return { library, roles: await this.current(ctx, library) };
    });
  }

  private async current(ctx: ServiceContext, library: Library): Promise<LibraryRoles> {
    const item = { type: 'library' as const, id: library.id };
    const { permissions } = this;
    return {
      access: await permissions.roles(ctx, item, PERMISSION_ACTIONS.libraryAccess),
      add: await permissions.roles(ctx, item, PERMISSION_ACTIONS.libraryAdd),
      manage: await permissions.roles(ctx, item, PERMISSION_ACTIONS.libraryManage),
      modify: await permissions.roles(ctx, item, PERMISSION_ACTIONS.libraryModify),
    };
  }

  /** Encoded role ids or role names. */
  private async roles(ctx: ServiceContext, values: string[]): Promise<Role[]> {
    const byId: number[] = [];
    const names: string[] = [];
    for (const value of values) {
      try {
        byId.push(ctx.services.ids.decode(value));
      } catch (error) {
        if (!(error instanceof IdDecodeError)) throw error;
        names.push(value);
      }
    }
    const found = byId.length ? await ctx.em.find(Role, { id: { $in: byId } }) : [];
    if (found.length !== new Set(byId).size) throw errors.invalid('One or more role ids could not be found.');
    return [...found, ...(await rolesByName(ctx, names))];
  }

  private async managed(ctx: ServiceContext, encodedId: string): Promise<Library> {
    ctx.caller.requireIdentity();
    const library = await this.libraries.findAccessible(ctx, encodedId);
    if (!(await this.permissions.can(ctx, { type: 'library', id: library.id }, PERMISSION_ACTIONS.libraryManage))) {
      throw errors.insufficientPermissions('You do not have proper permission to access permissions of this library.');
    }
    return library;
  }
}
