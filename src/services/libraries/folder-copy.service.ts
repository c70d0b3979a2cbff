import type { ServiceContext } from '../../context/service-context';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import type { LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';
import { errors } from '../../errors/error-kinds';
import type { FolderService } from './folder.service';
import type { LibraryContentsService } from './library-contents.service';

/** `POST /api/folders/{id}/contents`: a history dataset copied into a folder. */
export class FolderCopyService {
  constructor(private readonly folders: FolderService, private readonly libraryContents: LibraryContentsService) {}

  async copy(ctx: ServiceContext, encodedFolderId: string, encodedHdaId: string | null, message: string | null, extendedMetadata: unknown = null): Promise<LibraryDatasetDatasetAssociation> {
    ctx.caller.requireIdentity();
    const folder = await this.folders.findAccessible(ctx, encodedFolderId, { deleted: true });
    if (folder.library.deleted) throw errors.invalidAttribute('You cannot add datasets into deleted library. Undelete it first.');
    if (!(await this.folders.can(ctx, folder, PERMISSION_ACTIONS.libraryAdd))) {
      throw errors.insufficientPermissions('You do not have proper permissions to add a dataset to a folder with id ( ' + encodedFolderId + ' )');
    }
    if (!encodedHdaId) throw errors.missing("Missing required parameter 'from_hda_id'.");
    return this.libraryContents.copyFromHistory(ctx, folder, encodedHdaId, message, extendedMetadata);
  }
}
