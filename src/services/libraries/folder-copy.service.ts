import type { RequestContext } from '../../context/request-context';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import type { LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';
import { errors } from '../../errors/error-kinds';

/** `POST /api/folders/{id}/contents`: a history dataset copied into a folder. */
export class FolderCopyService {
  async copy(ctx: RequestContext, encodedFolderId: string, encodedHdaId: string | null, message: string | null, extendedMetadata: unknown = null): Promise<LibraryDatasetDatasetAssociation> {
    ctx.caller.requireIdentity();
    const folder = await ctx.services.folders.findAccessible(ctx, encodedFolderId, { deleted: true });
    if (folder.library.deleted) throw errors.invalidAttribute('You cannot add datasets into deleted library. Undelete it first.');
    if (!(await ctx.services.folders.can(ctx, folder, PERMISSION_ACTIONS.libraryAdd))) {
      throw errors.insufficientPermissions('You do not have proper permissions to add a dataset to a folder with id ( ' + encodedFolderId + ' )');
    }
    if (!encodedHdaId) throw errors.missing("Missing required parameter 'from_hda_id'.");
    return ctx.services.libraryContents.copyFromHistory(ctx, folder, encodedHdaId, message, extendedMetadata);
  }
}
