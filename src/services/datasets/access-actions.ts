import type { ServiceContext } from '../../context/service-context';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { Role } from '../../entities/role.entity';
import { errors } from '../../errors/error-kinds';
import type { ItemRef, PermissionService } from '../permissions';
import type { LibraryDatasetLookup } from './library-dataset-lookup';

/**
 * The two one-word changes of a dataset's access that both permission routes take (a history
 * dataset's and a library dataset's): `remove_restrictions` makes it public, `make_private` gives it
 * to the caller's private role alone. False for any other action (the route sets the lists itself).
 */
export async function applyAccessAction(
  ctx: ServiceContext,
  permissions: PermissionService,
  libraryDatasets: LibraryDatasetLookup,
  dataset: ItemRef,
  action: string,
): Promise<boolean> {
  if (action === 'remove_restrictions') {
    await permissions.setRoles(ctx, dataset, PERMISSION_ACTIONS.datasetAccess, []);
    return true;
  }
  if (action === 'make_private') {
    const privateRoleId = await libraryDatasets.privateRoleId(ctx);
    if (privateRoleId === null) throw errors.invalid('Only a user with a private role can make a dataset private.');
    await permissions.setRoles(ctx, dataset, PERMISSION_ACTIONS.datasetAccess, [await ctx.em.findOneOrFail(Role, { id: privateRoleId })]);
    return true;
  }
  return false;
}
