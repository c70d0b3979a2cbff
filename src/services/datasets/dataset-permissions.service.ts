import type { ServiceContext } from '../../context/service-context';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { Role } from '../../entities/role.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { decodeId } from '../shared';
import { mayReadDataset } from './dataset-access';
import type { DatasetRoles } from './default-permissions';
import { type HdaInHistoryView, readHda } from './hda-view';
import { referencedRoles } from './role-references';
import { applyAccessAction } from './access-actions';
import type { LibraryDatasetLookup } from './library-dataset-lookup';
import type { PermissionService } from '../permissions';

const ACTIONS = ['remove_restrictions', 'make_private', 'set_permissions'] as const;
type Action = (typeof ACTIONS)[number];

/** Role lists of `set_permissions`; null: not given (access: public, manage: none). Modify is checked, then ignored (library items only). */
export interface DatasetRoleLists {
  access: string[] | null;
  manage: string[] | null;
  modify: string[] | null;
}

/** `action` as the platform's later `PUT /api/datasets/{id}/permissions` reads it: set_permissions by default. */
function parseAction(action: string | null): Action {
  const value = action ?? 'set_permissions';
  if (!(ACTIONS as readonly string[]).includes(value)) {
    throw errors.invalid('The mandatory parameter "action" has an invalid value. Allowed values are: "remove_restrictions", "make_private", "set_permissions"');
  }
  return value as Action;
}

/**
 * Permissions of the dataset under a history dataset (shared with its copies and library versions):
 * who may access it and who may manage them. Its owner (see `createdByCaller`), a holder of a manage
 * role and administrators may read and change them.
 */
export class DatasetPermissionsService {
  constructor(private readonly libraryDatasets: LibraryDatasetLookup, private readonly permissions: PermissionService) {}

  async show(ctx: ServiceContext, encodedId: string): Promise<DatasetRoles> {
    const hda = await this.managed(ctx, encodedId);
    return this.current(ctx, hda.dataset.id);
  }

  async set(ctx: ServiceContext, encodedId: string, rawAction: string | null, lists: DatasetRoleLists): Promise<DatasetRoles> {
    const action = parseAction(rawAction);
    return ctx.em.transactional(async () => {
      const hda = await this.managed(ctx, encodedId);
      const dataset = { type: 'dataset' as const, id: hda.dataset.id };
      const { permissions } = this;
      if (!(await applyAccessAction(ctx, permissions, this.libraryDatasets, dataset, action))) {
        const access = await referencedRoles(ctx, lists.access ?? []);
        const manage = await referencedRoles(ctx, lists.manage ?? []);
        await referencedRoles(ctx, lists.modify ?? []);
        await this.requireSomeoneHoldsAll(ctx, access);
        await permissions.setRoles(ctx, dataset, PERMISSION_ACTIONS.datasetAccess, access);
        await permissions.setRoles(ctx, dataset, PERMISSION_ACTIONS.datasetManage, manage);
      }
      return this.current(ctx, dataset.id);
    });
  }

  private async current(ctx: ServiceContext, datasetId: number): Promise<DatasetRoles> {
    const { permissions } = this;
    const dataset = { type: 'dataset' as const, id: datasetId };
    return {
      access: await permissions.roles(ctx, dataset, PERMISSION_ACTIONS.datasetAccess),
      manage: await permissions.roles(ctx, dataset, PERMISSION_ACTIONS.datasetManage),
    };
  }

  /**
   * The platform refuses access roles nobody holds all of (a dataset no user could read):
   * "At least 1 user must have every role associated with accessing datasets."
   */
  private async requireSomeoneHoldsAll(ctx: ServiceContext, roles: readonly Role[]): Promise<void> {
    if (roles.length < 2) return;
    const rows = await ctx.em.execute<Array<{ found: boolean }>>(
      `select exists (
         select 1 from galaxy_user u
          where not exists (
            select 1 from unnest(?::int[]) as r(id)
             where r.id not in (select ura.role_id from user_role_association ura where ura.user_id = u.id
                                union
                                select gra.role_id from group_role_association gra join user_group_association uga on uga.group_id = gra.group_id where uga.user_id = u.id))) as found`,
      [`{${roles.map((role) => role.id).join(',')}}`],
    );
    if (!rows[0]?.found) throw errors.invalid('At least 1 user must have every role associated with accessing datasets.');
  }

  /**
   * The dataset, when the caller may manage its permissions. As on the platform, a dataset the caller
   * may not read is not accessible (403002), one they may read but not manage is refused (403005).
   */
  private async managed(ctx: ServiceContext, encodedId: string): Promise<HdaInHistoryView> {
    ctx.caller.requireIdentity();
    const hda = await readHda(ctx, decodeId(ctx, encodedId));
    if (!hda) throw errors.notFound(`No HistoryDatasetAssociation found with id: ${encodedId}`);
    if (!mayReadDataset(ctx.caller, hda)) throw errors.notAccessible('Dataset is not accessible by the current user');
    if (ctx.caller.isAdmin || (await this.createdByCaller(ctx, hda.dataset.id))) return hda;
    if (await this.permissions.can(ctx, { type: 'dataset', id: hda.dataset.id }, PERMISSION_ACTIONS.datasetManage)) return hda;
    throw new AppError('InsufficientPermissionsException', 'You do not have proper permissions to manage permissions on this dataset.');
  }

  /**
   * "The owner" is the owner of the history the dataset was made in (its association that is no
   * copy), as on the platform where the creator's private role manages new datasets. Owning a
   * history that holds a copy, or an import from a library, gives no say over the shared dataset.
   */
  private async createdByCaller(ctx: ServiceContext, datasetId: number): Promise<boolean> {
    const userId = ctx.caller.userId;
    if (userId === null) return false;
    const rows = await ctx.em.execute<Array<{ created: boolean }>>(
      `select exists (select 1 from history_dataset_association o join history hi on hi.id = o.history_id
                       where o.dataset_id = ? and o.copied_from_hda_id is null and o.copied_from_ldda_id is null and hi.user_id = ?) as created`,
      [datasetId, userId],
    );
    return Boolean(rows[0]?.created);
  }
}
