import type { ServiceContext } from '../../context/service-context';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import type { LibraryDataset } from '../../entities/library-dataset.entity';
import { Role } from '../../entities/role.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { rolesByName } from '../permissions';
import { type RolePage, validAmong, validRoles } from '../permissions';
import { parseAction, parseScope } from './permission-forms';
import type { LibraryDatasetService } from './library-dataset.service';
import type { PermissionService } from '../permissions';
import { applyAccessAction } from '../datasets';

export interface LibraryDatasetRoles {
  access: string[];
  modify: string[];
  manage: string[];
}

export interface LibraryDatasetPermissionsView {
  current: LibraryDatasetRoles | null;
  available: RolePage | null;
}

const ACTIONS = ['remove_restrictions', 'make_private', 'set_permissions'] as const;

const names = (roles: Role[]) => [...new Set(roles.map((role) => role.name))];

/** Permissions of a library dataset: who may access and manage its dataset, and modify the item. */
export class LibraryDatasetPermissionsService {
  constructor(private readonly libraryDatasets: LibraryDatasetService, private readonly permissions: PermissionService) {}

  async show(ctx: ServiceContext, encodedId: string, scope: string | null, page: number, pageLimit: number, query: string | null): Promise<LibraryDatasetPermissionsView> {
    const ld = await this.managed(ctx, encodedId, 'You do not have proper permissions to access permissions of this dataset.');
    if (parseScope(scope) === 'current') return { current: await this.current(ctx, ld), available: null };
    const access = await this.permissions.grantedRoleIds(ctx, this.datasetRef(ld), PERMISSION_ACTIONS.datasetAccess);
    return { current: null, available: await validRoles(ctx, access.length === 0, access, { page, pageLimit, query }) };
  }

  /**
   * remove_restrictions: public. make_private: only the caller's private role may access it.
   * set_permissions: access roles from the valid listed roles (none listed: public); then manage and
   * modify roles from the listed roles that are access roles (others skipped).
   */
  async set(ctx: ServiceContext, encodedId: string, rawAction: string | null, lists: { access: string[] | null; manage: string[]; modify: string[] }): Promise<LibraryDatasetRoles> {
    return ctx.em.transactional(async () => {
      const ld = await this.managed(ctx, encodedId, 'You do not have proper permissions to modify permissions of this dataset.');
      const action = parseAction(rawAction, ACTIONS);
      const { permissions } = this;
      const dataset = this.datasetRef(ld);
      if (!(await applyAccessAction(ctx, permissions, this.libraryDatasets, dataset, action))) {
        if (lists.access === null) {
          await permissions.setRoles(ctx, dataset, PERMISSION_ACTIONS.datasetAccess, []);
        } else {
          const currentAccess = await permissions.grantedRoleIds(ctx, dataset, PERMISSION_ACTIONS.datasetAccess);
          const accessRoles = await validAmong(ctx, currentAccess.length === 0, currentAccess, await rolesByName(ctx, lists.access));
          await permissions.setRoles(ctx, dataset, PERMISSION_ACTIONS.datasetAccess, accessRoles);
        }
        const accessIds = new Set(await permissions.grantedRoleIds(ctx, dataset, PERMISSION_ACTIONS.datasetAccess));
        const amongAccess = async (list: string[]) => (await rolesByName(ctx, list)).filter((role) => accessIds.has(role.id));
        await permissions.setRoles(ctx, dataset, PERMISSION_ACTIONS.datasetManage, await amongAccess(lists.manage));
        await permissions.setRoles(ctx, { type: 'library_dataset', id: ld.id }, PERMISSION_ACTIONS.libraryModify, await amongAccess(lists.modify));
      }
      const current = await this.current(ctx, ld);
      if (action === 'remove_restrictions' && current.access.length > 0) throw new AppError('InternalServerError', 'An error occured while making dataset public.');
      return current;
    });
  }

  private datasetRef(ld: LibraryDataset) {
    if (!ld.ldda) throw errors.notFound('The library dataset has no version.');
    return { type: 'dataset' as const, id: ld.ldda.dataset.id };
  }

  private async current(ctx: ServiceContext, ld: LibraryDataset): Promise<LibraryDatasetRoles> {
    const { permissions } = this;
    const dataset = this.datasetRef(ld);
    return {
      access: names(await permissions.roles(ctx, dataset, PERMISSION_ACTIONS.datasetAccess)),
      modify: names(await permissions.roles(ctx, { type: 'library_dataset', id: ld.id }, PERMISSION_ACTIONS.libraryModify)),
      manage: names(await permissions.roles(ctx, dataset, PERMISSION_ACTIONS.datasetManage)),
    };
  }

  private async managed(ctx: ServiceContext, encodedId: string, message: string): Promise<LibraryDataset> {
    ctx.caller.requireIdentity();
    // As on the platform, the manage right decides (not access): a caller without it is refused.
    const ld = await this.libraryDatasets.load(ctx, encodedId, 'notFound');
    if (!(await this.permissions.can(ctx, this.datasetRef(ld), PERMISSION_ACTIONS.datasetManage))) throw errors.insufficientPermissions(message);
    return ld;
  }
}
