import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { ServiceContext } from '../../context/service-context';
import { loadDatatypesRegistry } from '../../datatypes';
import { Dataset } from '../../entities/dataset.entity';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { LibraryDataset, LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { describeStoredFile } from '../../jobs/dataset-finalize';
import { canBzip2, type ArchiveEntry, type ArchiveFormat } from '../../storage/archive-stream';
import { purgeLddas, removeFiles } from '../datasets';
import { servedMimetype } from '../datasets';
import { decodeId } from '../shared';
import { sanitizeText } from '../shared';
import type { StoredUpload } from '../tools';
import { type LibraryDatasetDetail, datasetNotFound } from './library-dataset.service';
import { queueLibraryUploadJob } from './library-upload-job';
import { discardFiles } from './library-upload.service';
import { uploadFileType } from './library-upload-sources';
import type { FolderService } from './folder.service';
import type { JobEngine } from '../../jobs/job-engine';
import type { LibraryDatasetService } from './library-dataset.service';
import type { LibraryService } from './library.service';
import type { PermissionService } from '../permissions';
import type { ToolCatalogService } from '../tools';

/** What `PATCH /api/libraries/datasets/{id}` may change (absent: unchanged). */
export interface LibraryDatasetChanges {
  name?: string | null;
  miscInfo?: string | null;
  genomeBuild?: string | null;
  fileExt?: string | null;
}

/** A download: the archive's kind, its file name and type, and the files in it. */
export interface LibraryArchive {
  format: ArchiveFormat | 'uncompressed';
  filename: string;
  contentType: string;
  entries: Array<ArchiveEntry & { size: number }>;
}

const FORMATS: Record<string, { format: LibraryArchive['format']; extension: string }> = {
  zip: { format: 'zip', extension: 'zip' },
  tgz: { format: 'tgz', extension: 'tgz' },
  'tar.gz': { format: 'tgz', extension: 'tgz' },
  tbz: { format: 'tbz', extension: 'tbz2' },
  'tar.bz2': { format: 'tbz', extension: 'tbz2' },
  uncompressed: { format: 'uncompressed', extension: '' },
};

/** A path component inside an archive: no separators, never '.' or '..'. */
const component = (name: string) => {
  const cleaned = name.replace(/[\\/\u0000]/g, '_').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? '_' : cleaned;
};

/**
 * Library dataset changes users expect around the contract: update (a new file makes a new current
 * version through the upload job; the old one becomes an expired version), delete / undelete
 * (purge for administrators), and downloads of several datasets as one archive.
 */
export class LibraryDatasetChangesService {
  constructor(private readonly folders: FolderService, private readonly jobEngine: JobEngine, private readonly libraries: LibraryService, private readonly libraryDatasets: LibraryDatasetService, private readonly permissions: PermissionService, private readonly tools: ToolCatalogService) {}

  async update(ctx: ServiceContext, encodedId: string, changes: LibraryDatasetChanges, file: StoredUpload | null): Promise<LibraryDatasetDetail> {
    ctx.caller.requireIdentity();
    try {
      const queued = await ctx.em.transactional(async (em) => {
        const ld = await this.libraryDatasets.findAccessible(ctx, encodedId);
        await this.requireModify(ctx, ld, 'You do not have proper permissions to modify this library dataset.');
        const current = ld.ldda as LibraryDatasetDatasetAssociation;
        const name = changes.name === undefined || changes.name === null ? null : sanitizeText(changes.name).trim();
        if (name === '') throw errors.invalid('The name of a library dataset cannot be empty.');
        const info = changes.miscInfo === undefined || changes.miscInfo === null ? null : sanitizeText(changes.miscInfo);
        const dbkey = changes.genomeBuild === undefined || changes.genomeBuild === null ? null : sanitizeText(changes.genomeBuild).trim() || '?';
        const fileExt = changes.fileExt === undefined || changes.fileExt === null || changes.fileExt.trim() === '' ? null : changes.fileExt.trim();
        if (fileExt !== null && (file === null || fileExt !== 'auto') && !loadDatatypesRegistry().isKnown(fileExt)) throw errors.invalid(`Unknown file_ext ( ${fileExt} ).`);
        if (name !== null) ld.name = name;
        if (info !== null) ld.info = info;
        if (file) {
          await this.newVersion(ctx, ld, current, file, { name: ld.name, info: info ?? current.info, dbkey: dbkey ?? current.dbkey, fileType: uploadFileType(fileExt) });
        } else {
          if (name !== null) current.name = name;
          if (info !== null) current.info = info;
          if (dbkey !== null) {
            current.dbkey = dbkey;
            current.metadata = { ...current.metadata, dbkey };
          }
          if (fileExt !== null && fileExt !== current.extension) await this.changeType(ctx, current, fileExt);
        }
        ld.updateTime = new Date();
        await em.flush();
        return file !== null;
      });
      if (queued) this.jobEngine.notify();
    } catch (error) {
      if (file) await discardFiles([file]);
      throw error;
    }
    return this.libraryDatasets.detail(ctx, encodedId);
  }

  /** Marks a library dataset deleted (or not); `purge` (administrators) also purges its versions and their files. */
  async delete(ctx: ServiceContext, encodedId: string, undelete: boolean, purge: boolean): Promise<LibraryDataset> {
    ctx.caller.requireIdentity();
    if (purge && undelete) throw errors.invalid('A library dataset cannot be purged and undeleted at once.');
    const { ld, orphans } = await ctx.em.transactional(async (em) => {
      const found = await this.findIncludingDeleted(ctx, encodedId);
      await this.requireModify(ctx, found, 'You do not have proper permissions to delete this dataset.');
      let purged: Dataset[] = [];
      if (purge) {
        if (!ctx.caller.isAdmin) throw new AppError('AdminRequiredException', 'Only administrators can purge library datasets.');
        found.deleted = true;
        found.purged = true;
        purged = await purgeLddas(em, await em.find(LibraryDatasetDatasetAssociation, { libraryDataset: found }, { populate: ['dataset'] }));
      } else {
        if (undelete && found.purged) throw errors.invalidAttribute('Cannot undelete a purged library dataset.');
        found.deleted = !undelete;
      }
      found.updateTime = new Date();
      await em.flush();
      return { ld: found, orphans: purged };
    });
    await removeFiles(ctx.services.layout.objects, orphans);
    return ld;
  }

  /**
   * The files of a download, named by their library path (library name, folders, dataset name;
   * repeated paths get '_' appended). Every dataset must be accessible to the caller.
   */
  async archive(ctx: ServiceContext, encodedIds: string[], rawFormat: string): Promise<LibraryArchive> {
    if (encodedIds.length === 0) throw errors.missing('Request has to contain a list of dataset ids to download.');
    const kind = Object.prototype.hasOwnProperty.call(FORMATS, rawFormat) ? FORMATS[rawFormat] : undefined;
    if (!kind) throw errors.invalid(`Wrong format parameter specified ( ${rawFormat} ): use zip, tgz (tar.gz), tbz or uncompressed.`);
    if (kind.format === 'tbz' && !(await canBzip2())) throw errors.invalid('tbz archives are not available on this server (no bzip2).');
    if (kind.format === 'uncompressed' && encodedIds.length > 1) throw errors.invalid('You can download only one uncompressed file at once.');
    const store = ctx.services.layout.objects;
    const seen = new Set<string>();
    const entries: LibraryArchive['entries'] = [];
    let single: LibraryDatasetDatasetAssociation | null = null;
    for (const encodedId of encodedIds) {
      const ld = await this.libraryDatasets.findAccessible(ctx, encodedId);
      const ldda = ld.ldda as LibraryDatasetDatasetAssociation;
      const file = store.pathOf(ldda.dataset);
      if (!['ok', 'empty'].includes(ldda.dataset.state) || ldda.dataset.purged || !existsSync(file)) {
        throw errors.invalid(`The library dataset ( ${encodedId} ) has no content to download (state ${ldda.dataset.state}).`);
      }
      const folders = await this.folders.ancestry(ctx, ld.folder.id);
      let path = [ld.folder.library.name, ...folders.slice(1).map((folder) => folder.name), ldda.name].map(component).join('/');
      while (seen.has(path)) path += '_';
      seen.add(path);
      entries.push({ path, file, mtime: ldda.updateTime, size: ldda.dataset.fileSize ?? 0 });
      single = ldda;
    }
    if (kind.format === 'uncompressed' && single) {
      const filename = single.name.replace(/[^.,^_\-()[\]0-9A-Za-z]/g, '_').slice(0, 150) || 'dataset';
      // Served as the display routes serve it: a script-capable type as text/plain unless configured otherwise.
      const contentType = servedMimetype(loadDatatypesRegistry().mimetype(single.extension), ctx.services.config.datasetDisplay);
      return { format: 'uncompressed', filename, contentType, entries };
    }
    return { format: kind.format, filename: `selected_dataset_files.${kind.extension}`, contentType: kind.format === 'zip' ? 'application/octet-stream' : 'application/x-tar', entries };
  }

  /**
   * A new current version from an uploaded file, written by the upload job; the version it replaces
   * becomes an expired version. The new dataset keeps the access and manage roles of the old one.
   */
  private async newVersion(
    ctx: ServiceContext,
    ld: LibraryDataset,
    current: LibraryDatasetDatasetAssociation,
    file: StoredUpload,
    fields: { name: string; info: string | null; dbkey: string; fileType: string },
  ): Promise<void> {
    const em = ctx.em;
    const dataset = em.create(Dataset, { state: 'queued', uuid: randomUUID() });
    const ldda = em.create(LibraryDatasetDatasetAssociation, {
      libraryDataset: ld,
      dataset,
      user: ctx.userRef(),
      name: fields.name,
      extension: fields.fileType,
      dbkey: fields.dbkey,
      info: fields.info,
      message: current.message,
    });
    await em.flush();
    const { permissions } = this;
    for (const action of [PERMISSION_ACTIONS.datasetAccess, PERMISSION_ACTIONS.datasetManage]) {
      await permissions.setRoles(ctx, { type: 'dataset', id: dataset.id }, action, await permissions.roles(ctx, { type: 'dataset', id: current.dataset.id }, action));
    }
    ld.ldda = ldda;
    await queueLibraryUploadJob(ctx, this.tools, [{ ldda, source: { kind: 'file', path: file.path, name: file.name }, fileType: fields.fileType }], {
      upload_option: 'upload_file',
      file_type: fields.fileType,
      dbkey: fields.dbkey,
    });
  }

  /** A new type for the current version: its metadata, peek and blurb are read again from the file. */
  private async changeType(ctx: ServiceContext, ldda: LibraryDatasetDatasetAssociation, extension: string): Promise<void> {
    ldda.extension = extension;
    const path = ctx.services.layout.objects.pathOf(ldda.dataset);
    if (ldda.dataset.state === 'ok' && existsSync(path)) await describeStoredFile(ldda, path, ldda.dataset.fileSize ?? 0);
  }

  /** Administrators, or holders of the modify permission on the library dataset. */
  private async requireModify(ctx: ServiceContext, ld: LibraryDataset, message: string): Promise<void> {
    if (!(await this.permissions.can(ctx, { type: 'library_dataset', id: ld.id }, PERMISSION_ACTIONS.libraryModify))) throw errors.insufficientPermissions(message);
  }

  /** Like `findAccessible`, but a deleted (not purged) library dataset is found too: it may be undeleted. */
  private async findIncludingDeleted(ctx: ServiceContext, encodedId: string): Promise<LibraryDataset> {
    const id = decodeId(ctx, encodedId);
    const ld = await ctx.em.findOne(LibraryDataset, { id }, { populate: ['folder', 'folder.library', 'ldda', 'ldda.dataset', 'ldda.user'] });
    if (!ld || !ld.ldda) throw datasetNotFound(encodedId);
    if (!ctx.caller.isAdmin) {
      const libraryOk = await this.libraries.mayAccess(ctx, ld.folder.library);
      const datasetOk = await this.permissions.can(ctx, { type: 'dataset', id: ld.ldda.dataset.id }, PERMISSION_ACTIONS.datasetAccess);
      if (!libraryOk || !datasetOk || ld.purged) throw datasetNotFound(encodedId);
    }
    return ld;
  }
}
