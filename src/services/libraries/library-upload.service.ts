import { rm } from 'node:fs/promises';
import type { ServiceContext } from '../../context/service-context';
import type { LibraryFolder } from '../../entities/library-folder.entity';
import { sanitizeText } from '../shared';
import { storeExtendedMetadata } from './extended-metadata';
import { createLibraryDatasets } from './ldda-factory';
import type { CreatedItem } from './library-contents.service';
import type { LibraryUploadRequest } from './library-creation.service';
import { type LibraryUploadTarget, queueLibraryUploadJob } from './library-upload-job';
import { resolveLibrarySources, uploadFileType } from './library-upload-sources';
import type { JobEngine } from '../../jobs/job-engine';
import type { LibraryContentsService } from './library-contents.service';
import type { ToolCatalogService } from '../tools';

/**
 * Uploads into a library folder (`POST /api/libraries/{id}/contents`, create_type file): every file
 * becomes a library dataset whose first version is an output of one upload job; the datasets reach
 * `ok` when the job has stored and described them. The folder was checked by the caller (add
 * permission, library not deleted).
 */
export class LibraryUploadService {
  constructor(private readonly jobEngine: JobEngine, private readonly libraryContents: LibraryContentsService, private readonly tools: ToolCatalogService) {}

  async upload(ctx: ServiceContext, folder: LibraryFolder, request: LibraryUploadRequest, message: string | null, extendedMetadata: unknown): Promise<CreatedItem[]> {
    ctx.caller.requireIdentity();
    try {
      const sources = await resolveLibrarySources(ctx.services.config, ctx.caller.isAdmin, request);
      const fileType = uploadFileType(request.fileType);
      const dbkey = request.dbkey?.trim() || '?';
      const created = await ctx.em.transactional(async (em) => {
        const uploaderRole = await this.libraryContents.uploaderRole(ctx);
        const targets: LibraryUploadTarget[] = [];
        const items: CreatedItem[] = [];
        const fields = sources.map(({ name }) => ({ name, extension: fileType, dbkey, message: message ? sanitizeText(message) : null, user: ctx.userRef(), state: 'queued' as const }));
        const lds = await createLibraryDatasets(em, folder, fields, uploaderRole);
        for (const [index, { source }] of sources.entries()) {
          const { ld, ldda } = lds[index];
          if (source.kind === 'link') {
            // Registered in place: the file stays the owner's (never moved, never removed by a purge).
            ldda.dataset.externalFilename = source.path;
            ldda.dataset.purgable = false;
          }
          if (extendedMetadata !== undefined && extendedMetadata !== null) await storeExtendedMetadata(em, ldda, extendedMetadata);
          targets.push({ ldda, source, fileType });
          items.push({ kind: 'file', id: ld.id, name: ld.name });
        }
        await queueLibraryUploadJob(ctx, this.tools, targets, {
          upload_option: request.uploadOption || 'upload_file',
          link_data_only: request.linkDataOnly || 'copy_files',
          file_type: fileType,
          dbkey,
        });
        return items;
      });
      this.jobEngine.notify();
      // Files received with a request that uploads something else (a server directory) are not read.
      const read = new Set(sources.flatMap(({ source }) => (source.kind === 'file' ? [source.path] : [])));
      await discardFiles(request.files.filter((file) => !read.has(file.path)));
      return created;
    } catch (error) {
      // No job will read the received files.
      await discardFiles(request.files);
      throw error;
    }
  }
}

/** Removes received files from the upload store. */
export async function discardFiles(files: Array<{ path: string }>): Promise<void> {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}
