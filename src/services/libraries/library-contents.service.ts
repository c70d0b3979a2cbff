import type { ServiceContext } from '../../context/service-context';
import { decodeId } from '../shared';
import { DatasetCollection, DatasetCollectionElement, LibraryDatasetCollectionAssociation } from '../../entities/dataset-collection.entity';
import { ImplicitlyConvertedDatasetAssociation } from '../../entities/implicit-conversion.entity';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import type { LibraryDataset, LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';
import type { LibraryDatasetDetail } from './library-dataset.service';
import type { LibraryFolder } from '../../entities/library-folder.entity';
import type { Library } from '../../entities/library.entity';
import { Role } from '../../entities/role.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { sanitizeText } from '../shared';
import { storeExtendedMetadata } from './extended-metadata';
import { decodeFolderId } from './folder-ids';
import { createLibraryDataset } from './ldda-factory';
import { openLibraryForListing } from './library-opening';
import { libraryWalkInBatches, type WalkEntry } from './library-walk';
import type { FolderService } from './folder.service';
import type { HdaService } from '../datasets';
import type { LibraryDatasetService } from './library-dataset.service';
import type { LibraryService } from './library.service';
import type { PermissionService } from '../permissions';

/** A folder or dataset of the recursive listing, named by its path ('/' for the root). */
export type LibraryContentEntry = WalkEntry;

/** A collection placed in a folder, with its elements (each with its version, dataset and folder). */
export interface CreatedCollection {
  association: LibraryDatasetCollectionAssociation;
  elements: DatasetCollectionElement[];
}

export interface CreatedItem {
  kind: 'folder' | 'file' | 'collection';
  id: number;
  name: string;
  /** For kind 'collection': what the platform's collection-instance dictionary shows. */
  collection?: CreatedCollection;
}

export interface CollectionInput {
  collectionType?: string | null;
  name?: string | null;
  elementIdentifiers?: unknown;
}

/** Entries per batch of a streamed library listing. */
export const LIBRARY_CONTENTS_BATCH = 1000;

/** The root '/' first, then the walk's entries (the first batch is the walk's own array, the root put in front). */
async function* withRoot(root: LibraryContentEntry, walk: AsyncGenerator<WalkEntry[], void, undefined>): AsyncGenerator<LibraryContentEntry[], void, undefined> {
  let first = true;
  for await (const batch of walk) {
    if (first) batch.unshift(root);
    yield batch;
    first = false;
  }
  if (first) yield [root];
}

const libraryInvalid = (id: string) => new AppError('RequestParameterInvalidException', `No library found with the id provided ( ${id} ).`);

/** Library contents: the recursive listing from '/', show, and creation of folders, copies and collections. */
export class LibraryContentsService {
  constructor(private readonly folders: FolderService, private readonly hdas: HdaService, private readonly libraries: LibraryService, private readonly libraryDatasets: LibraryDatasetService, private readonly permissions: PermissionService) {}

  /** The root '/', then every folder and dataset the caller may see (active ones), depth first. */
  async list(ctx: ServiceContext, encodedLibraryId: string): Promise<LibraryContentEntry[]> {
    const entries: LibraryContentEntry[] = [];
    for await (const batch of await this.inBatches(ctx, encodedLibraryId)) entries.push(...batch);
    return entries;
  }

  /**
   * The same listing in batches as its datasets are read (library-walk.ts). The library's access is
   * decided before this returns, so a refusal is an error answer, never a broken stream.
   */
  async inBatches(ctx: ServiceContext, encodedLibraryId: string, batchSize = LIBRARY_CONTENTS_BATCH): Promise<AsyncGenerator<LibraryContentEntry[], void, undefined>> {
    const { libraryId, rootId } = await this.openLibrary(ctx, encodedLibraryId);
    return withRoot({ kind: 'folder', id: rootId, name: '/' }, await libraryWalkInBatches(ctx, libraryId, rootId, batchSize));
  }

  /** The library a listing reads, once the caller (a user) may open it, with its root folder (one statement, the caller's roles read along). */
  async openLibrary(ctx: ServiceContext, encodedLibraryId: string): Promise<{ libraryId: number; rootId: number }> {
    ctx.caller.requireIdentity();
    const libraryId = decodeId(ctx, encodedLibraryId);
    const library = await openLibraryForListing(ctx, libraryId);
    if (!library) throw libraryInvalid(encodedLibraryId);
    if (library.rootId === null) throw new AppError('InconsistentDatabase', 'The library has no root folder.');
    return { libraryId, rootId: library.rootId };
  }

  /** 'F'-prefixed ids are folders, others library datasets (their detail); both of this library. */
  async show(ctx: ServiceContext, encodedLibraryId: string, encodedId: string): Promise<{ folder: LibraryFolder | null; dataset: LibraryDatasetDetail | null }> {
    ctx.caller.requireIdentity();
    const library = await this.libraries.findAccessible(ctx, encodedLibraryId);
    if (encodedId.startsWith('F')) {
      const folder = await this.folders.findAccessible(ctx, encodedId);
      if (folder.library.id !== library.id) throw errors.notFound(`Folder ${encodedId} is not in library ${encodedLibraryId}.`);
      return { folder, dataset: null };
    }
    decodeId(ctx, encodedId); // an undecodable dataset id is MalformedId here, as for folders
    const detail = await this.libraryDatasets.detail(ctx, encodedId);
    if (detail.dataset.folder.library.id !== library.id) throw errors.notFound(`Dataset ${encodedId} is not in library ${encodedLibraryId}.`);
    return { folder: null, dataset: detail };
  }

  /** The folder new content goes to: in this library, open to additions by the caller. */
  async targetFolder(ctx: ServiceContext, encodedLibraryId: string, encodedFolderId: string): Promise<{ library: Library; folder: LibraryFolder }> {
    const library = await this.libraries.findAccessible(ctx, encodedLibraryId, libraryInvalid, { deleted: true });
    decodeFolderId(ctx, encodedFolderId);
    const folder = await this.folders.findAccessible(ctx, encodedFolderId, { deleted: true });
    if (folder.library.id !== library.id) throw errors.invalid(`Folder ${encodedFolderId} is not in library ${encodedLibraryId}.`);
    if (library.deleted) throw errors.invalidAttribute('You cannot add items to a deleted library.');
    if (!(await this.folders.can(ctx, folder, PERMISSION_ACTIONS.libraryAdd))) {
      throw errors.insufficientPermissions('You are not authorized to add items to this folder.');
    }
    return { library, folder };
  }

  async createFolder(ctx: ServiceContext, encodedLibraryId: string, encodedFolderId: string, name: string | null, description: string | null): Promise<CreatedItem> {
    await this.targetFolder(ctx, encodedLibraryId, encodedFolderId);
    const folder = await this.folders.create(ctx, encodedFolderId, { name: name ?? '', description: description ?? '' });
    return { kind: 'folder', id: folder.id, name: folder.name };
  }

  /** Copies a history dataset the caller may read into a folder they may add to (shares the file). */
  async copyFromHistory(ctx: ServiceContext, folder: LibraryFolder, encodedHdaId: string, message: string | null, extendedMetadata: unknown): Promise<LibraryDatasetDatasetAssociation> {
    return ctx.em.transactional(async (em) => {
      const hda = await this.hdas.findReadable(ctx, encodedHdaId).catch((error: unknown) => {
        if (error instanceof AppError && error.kind !== 'MalformedId') throw errors.notAccessible('The history dataset is not accessible by the current user.');
        throw error;
      });
      const { ldda } = await createLibraryDataset(
        em,
        folder,
        {
          name: hda.name,
          extension: hda.extension,
          dbkey: hda.dbkey,
          info: hda.info,
          blurb: hda.blurb,
          peek: hda.peek,
          metadata: { ...hda.metadata },
          message: message ? sanitizeText(message) : null,
          user: ctx.userRef(),
          dataset: hda.dataset,
          copiedFromHdaId: hda.id,
        },
        null,
      );
      if (extendedMetadata !== undefined && extendedMetadata !== null) await storeExtendedMetadata(em, ldda, extendedMetadata);
      return ldda;
    });
  }

  /** A list or paired collection of library datasets placed in the folder. */
  async createCollection(ctx: ServiceContext, folder: LibraryFolder, input: CollectionInput): Promise<CreatedCollection> {
    const type = input.collectionType ?? 'list';
    if (type !== 'list' && type !== 'paired') throw errors.invalid(`Invalid collection_type: ${type}`);
    const elements = Array.isArray(input.elementIdentifiers) ? input.elementIdentifiers : null;
    if (!elements || elements.length === 0) throw errors.missing('element_identifiers is required and must be a non-empty list.');
    if (type === 'paired' && elements.length !== 2) throw errors.invalid('A paired collection needs exactly two elements.');
    return ctx.em.transactional(async (em) => {
      const collection = em.create(DatasetCollection, { collectionType: type, elementCount: elements.length });
      await em.flush();
      for (const [index, element] of elements.entries()) {
        if (!element || typeof element !== 'object') throw errors.invalid('Each element identifier must be an object {name, src, id}.');
        const { id, name, src } = element as { id?: unknown; name?: unknown; src?: unknown };
        if (src !== undefined && src !== 'ldda' && src !== 'ld') throw errors.invalid(`Unsupported element source: ${String(src)}`);
        // `ldda` names one version, `ld` (or no src) a library dataset's current version.
        const ldda = await this.libraryDatasets.findAccessibleVersion(ctx, src === 'ldda' ? 'ldda' : 'ld', String(id));
        const identifier = typeof name === 'string' && name ? name : type === 'paired' ? (index === 0 ? 'forward' : 'reverse') : ldda.name;
        em.create(DatasetCollectionElement, { collection, ldda, elementIndex: index, elementIdentifier: identifier });
      }
      const association = em.create(LibraryDatasetCollectionAssociation, { collection, folder, name: sanitizeText(input.name ?? '') || 'Unnamed collection' });
      await em.flush();
      const created = await em.find(
        DatasetCollectionElement,
        { collection },
        { populate: ['ldda', 'ldda.dataset', 'ldda.user', 'ldda.libraryDataset', 'ldda.libraryDataset.folder'], orderBy: { elementIndex: 'asc' } },
      );
      return { association, elements: created };
    });
  }

  /** Records that a library dataset is the conversion of another (the converted one's extension). */
  async recordConversion(ctx: ServiceContext, encodedLibraryId: string, encodedId: string, encodedConvertedId: string | null): Promise<ImplicitlyConvertedDatasetAssociation> {
    ctx.caller.requireIdentity();
    if (!encodedConvertedId) throw errors.missing("Missing required parameter 'converted_dataset_id'.");
    return ctx.em.transactional(async (em) => {
      const library = await this.libraries.findAccessible(ctx, encodedLibraryId);
      const parent = await this.modifiable(ctx, encodedId);
      if (parent.folder.library.id !== library.id) throw errors.notFound(`Dataset ${encodedId} is not in library ${encodedLibraryId}.`);
      const converted = await this.libraryDatasets.findAccessible(ctx, encodedConvertedId);
      if (!parent.ldda || !converted.ldda) throw errors.notFound('The library dataset has no version.');
      // Recording the same conversion twice answers the association already recorded.
      const existing = await em.findOne(ImplicitlyConvertedDatasetAssociation, { parentLdda: parent.ldda, convertedLdda: converted.ldda });
      if (existing) return existing;
      const association = em.create(ImplicitlyConvertedDatasetAssociation, { parentLdda: parent.ldda, convertedLdda: converted.ldda, type: converted.ldda.extension });
      await em.flush();
      return association;
    });
  }

  private async modifiable(ctx: ServiceContext, encodedId: string): Promise<LibraryDataset> {
    const ld = await this.libraryDatasets.findAccessible(ctx, encodedId);
    if (!(await this.permissions.can(ctx, { type: 'library_dataset', id: ld.id }, PERMISSION_ACTIONS.libraryModify))) {
      throw errors.insufficientPermissions('You do not have proper permissions to modify this library dataset.');
    }
    return ld;
  }

  /** The caller's private role, for the permissions of datasets they upload. */
  async uploaderRole(ctx: ServiceContext): Promise<Role | null> {
    const id = await this.libraryDatasets.privateRoleId(ctx);
    return id === null ? null : ctx.em.findOne(Role, { id });
  }
}
