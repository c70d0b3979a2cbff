import type { ServiceContext } from '../../context/service-context';
import { JobOutputDataset } from '../../entities/job-dataset.entity';
import { Job, type JobParams } from '../../entities/job.entity';
import type { LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';
import { UPLOAD_ITEMS_PARAM, type UploadItem } from '../../jobs/upload-run';
import type { UploadSource } from '../../jobs/upload-sources';
import type { ToolCatalogService } from '../tools';

/** One library dataset version an upload job writes, and where its bytes come from. */
export interface LibraryUploadTarget {
  ldda: LibraryDatasetDatasetAssociation;
  source: UploadSource;
  /** The requested type ('auto': sniffed by the job). */
  fileType: string;
}

/**
 * Queues the upload tool (`upload1`) with library dataset versions as its outputs, inside the
 * caller's transaction: items planned like a history upload (`__uploads__`: output name, source,
 * type, text conversions), one `job_to_output_dataset` row per version. Copied text gets POSIX
 * line endings, as the upload form's default; a linked file is left exactly as it is.
 */
export async function queueLibraryUploadJob(ctx: ServiceContext, tools: ToolCatalogService, targets: LibraryUploadTarget[], params: JobParams): Promise<Job> {
  const tool = tools.find('upload1');
  const items: UploadItem[] = targets.map((target, index) => ({
    output: `output${index}`,
    source: target.source,
    fileType: target.fileType,
    spaceToTab: false,
    toPosixLines: target.source.kind !== 'link',
  }));
  const job = ctx.em.create(Job, {
    user: ctx.userRef(),
    history: null,
    toolId: tool.id,
    toolVersion: tool.version,
    params: { ...params, [UPLOAD_ITEMS_PARAM]: items },
    state: 'queued',
  });
  targets.forEach((target, index) => ctx.em.create(JobOutputDataset, { job, name: items[index].output, ldda: target.ldda }));
  await ctx.em.flush();
  return job;
}
