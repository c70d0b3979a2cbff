import type { ContextWith } from '../../context/service-context';
import { LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';
import type { Library } from '../../entities/library.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { decodeId } from '../shared';
import { datasetNotFound } from './library-dataset.service';
import { libraryNotFound } from './library.service';
import type { LibraryService } from './library.service';
import type { LibraryDatasetService } from './library-dataset.service';
import type { LibraryDatasetChangesService } from './library-dataset-changes.service';

/**
 * Rules of the library routes older clients still call: the deleted-library spelling, deletion of
 * a library dataset through the library's contents, and a library dataset version by its own id.
 */

/** What these rules use beside the core. */
export type LibraryLegacyContext = ContextWith<{ libraries: LibraryService; libraryDatasets: LibraryDatasetService; libraryDatasetChanges: LibraryDatasetChangesService }>;

/** `GET /api/libraries/deleted/{id}`: a deleted library only (a live one is not found there, as on the platform). */
export async function showDeletedLibrary(ctx: LibraryLegacyContext, encodedId: string): Promise<Library> {
  const library = await ctx.services.libraries.findAccessible(ctx, encodedId);
  if (!library.deleted) throw libraryNotFound(encodedId);
  return library;
}

export interface LibraryContentDeletion {
  id: string;
  deleted: boolean;
  purged: boolean;
}

/**
 * `DELETE /api/libraries/{library_id}/contents/{id}`: a library dataset of that library (folders,
 * 'F' ids, are deleted through /api/folders), with the rights of the library dataset delete route.
 */
export async function deleteLibraryContent(ctx: LibraryLegacyContext, encodedLibraryId: string, encodedId: string, purge: boolean): Promise<LibraryContentDeletion> {
  if (encodedId.startsWith('F')) throw errors.invalid(`Only library datasets can be deleted here; delete folder ( ${encodedId} ) with DELETE /api/folders/{id}.`);
  const libraryId = decodeId(ctx, encodedLibraryId, () => libraryNotFound(encodedLibraryId));
  const ld = await ctx.services.libraryDatasets.load(ctx, encodedId, 'notFound');
  if (ld.folder.library.id !== libraryId) throw datasetNotFound(encodedId);
  const deleted = await ctx.services.libraryDatasetChanges.delete(ctx, encodedId, false, purge);
  return { id: encodedId, deleted: deleted.deleted, purged: deleted.purged };
}

/**
 * `GET /api/datasets/{id}?hda_ldda=ldda`: one version of a library dataset, for callers who may
 * access its library dataset (a deleted one included: it is shown flagged, as the detail route does).
 */
export async function showLdda(ctx: LibraryLegacyContext, encodedId: string): Promise<{ ldda: LibraryDatasetDatasetAssociation; folderId: number; libraryId: number }> {
  const notFound = () => errors.notFound(`No LibraryDatasetDatasetAssociation found with id: ${encodedId}`);
  const id = decodeId(ctx, encodedId, notFound);
  const ldda = await ctx.em.findOne(LibraryDatasetDatasetAssociation, { id }, { populate: ['dataset', 'user', 'libraryDataset'] });
  if (!ldda) throw notFound();
  const ld = await ctx.services.libraryDatasets.findAccessible(ctx, ctx.services.ids.encode(ldda.libraryDataset.id), 'notFound', { includeDeleted: true }).catch((error: unknown) => {
    throw error instanceof AppError ? notFound() : error;
  });
  return { ldda, folderId: ld.folder.id, libraryId: ld.folder.library.id };
}
