import type { ServiceContext } from '../../context/service-context';
import { AppError, errors } from '../../errors/error-kinds';
import type { CreatedItem } from './library-contents.service';
import { type LocalFileUpload, storeUpload } from '../tools';
import type { StoredUpload } from '../tools';
import { discardFiles } from './library-upload.service';
import type { LibraryContentsService } from './library-contents.service';
import type { LibraryUploadService } from './library-upload.service';

export interface LibraryCreationInput {
  createType?: string | null;
  folderId?: string | null;
  name?: string | null;
  description?: string | null;
  fromHdaId?: string | null;
  lddaMessage?: string | null;
  extendedMetadata?: unknown;
  collectionType?: string | null;
  elementIdentifiers?: unknown;
  upload?: LibraryUploadRequest;
}

/** How a file is added by upload (the upload options of the contract). */
export interface LibraryUploadRequest {
  uploadOption: string;
  serverDir?: string | null;
  filesystemPaths?: string | null;
  linkDataOnly?: string | null;
  fileType?: string | null;
  dbkey?: string | null;
  files: Array<{ path: string; name: string }>;
  pasted?: string | null;
}

const CREATE_TYPES = ['file', 'folder', 'collection'] as const;

/** `POST /api/libraries/{id}/contents`: dispatches on create_type after the contract's checks. */
export class LibraryCreationService {
  constructor(private readonly libraryContents: LibraryContentsService, private readonly libraryUploads: LibraryUploadService) {}

  /**
   * Receives the request's files into the upload store, then creates the content. When anything
   * fails before a job took them, the files already received are removed.
   */
  async createWithFiles(ctx: ServiceContext, encodedLibraryId: string, input: LibraryCreationInput, files: Array<Promise<LocalFileUpload> | LocalFileUpload>): Promise<CreatedItem[]> {
    const received: StoredUpload[] = [];
    try {
      for (const file of files) received.push(await storeUpload(file, ctx.services.layout.uploadStore, ctx.services.config.maxUploadBytes));
      const upload = input.upload ? { ...input.upload, files: received.map((file) => ({ path: file.path, name: file.name })) } : undefined;
      return await this.create(ctx, encodedLibraryId, { ...input, upload });
    } catch (error) {
      await discardFiles(received);
      throw error;
    }
  }

  async create(ctx: ServiceContext, encodedLibraryId: string, input: LibraryCreationInput): Promise<CreatedItem[]> {
    ctx.caller.requireIdentity();
    if (!input.createType) throw errors.missing("Missing required 'create_type' parameter.");
    if (!(CREATE_TYPES as readonly string[]).includes(input.createType)) {
      throw errors.invalid(`Invalid value for 'create_type' parameter ( ${input.createType} ) specified.`);
    }
    if (!input.folderId) throw errors.missing("Missing required 'folder_id' parameter.");
    if (input.createType !== 'file' || input.fromHdaId) {
      // Only uploads read received files.
      const items = await this.createOther(ctx, encodedLibraryId, { ...input, folderId: input.folderId });
      await discardFiles(input.upload?.files ?? []);
      return items;
    }
    const { folder } = await this.libraryContents.targetFolder(ctx, encodedLibraryId, input.folderId);
    if (!input.upload) throw new AppError('RequestParameterMissingException', 'Nothing to upload: give from_hda_id or files.');
    return this.libraryUploads.upload(ctx, folder, input.upload, input.lddaMessage ?? null, input.extendedMetadata);
  }

  /** Folders, collections and copies of history datasets. */
  private async createOther(ctx: ServiceContext, encodedLibraryId: string, input: LibraryCreationInput & { folderId: string }): Promise<CreatedItem[]> {
    const contents = this.libraryContents;
    if (input.createType === 'folder') return [await contents.createFolder(ctx, encodedLibraryId, input.folderId, input.name ?? null, input.description ?? null)];
    const { folder } = await contents.targetFolder(ctx, encodedLibraryId, input.folderId);
    if (input.createType === 'collection') {
      const collection = await contents.createCollection(ctx, folder, { collectionType: input.collectionType, name: input.name, elementIdentifiers: input.elementIdentifiers });
      return [{ kind: 'collection', id: collection.association.id, name: collection.association.name, collection }];
    }
    const ldda = await contents.copyFromHistory(ctx, folder, input.fromHdaId ?? '', input.lddaMessage ?? null, input.extendedMetadata);
    return [{ kind: 'file', id: ldda.libraryDataset.id, name: ldda.name }];
  }
}
