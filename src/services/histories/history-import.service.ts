import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CoreServices, ServiceContext } from '../../context/service-context';
import { BackgroundTask } from '../../entities/background-task.entity';
import { Dataset } from '../../entities/dataset.entity';
import { HistoryDatasetAssociation } from '../../entities/hda.entity';
import { HistoryExport } from '../../entities/history-export.entity';
import { History } from '../../entities/history.entity';
import { ItemTag } from '../../entities/item-tag.entity';
import { User } from '../../entities/user.entity';
import { errors } from '../../errors/error-kinds';
import { checkUrlHost, describeUrl, UrlFetchError } from '../../http/url-fetch';
import { describeStoredFile } from '../../jobs/dataset-finalize';
import { ArchiveSourceError, DOWNLOAD_PREFIX, fetchArchiveSource, readHistoryArchive } from '../../histories-archive';
import { enqueueTask } from '../../tasks/task-queue';
import { recalculateDiskUsage } from '../usage';
import { parseTag } from '../tags';
import { sanitizeText } from '../shared';
import { decodeId } from '../shared';
import { clip, HISTORY_TEXT_LENGTH, historyName } from './history-update';
import { ownExportAddress } from './own-export-address';
import type { HistoryExportService } from './history-export.service';
import type { TaskRunner } from '../../tasks/task-runner';

export const IMPORT_TASK = 'history_import';

/** Datasets of an archive written per flush. */
const IMPORT_CHUNK = 1000;

/** A tag of an archive, cut to the tag columns' width. */
function clippedTag(tag: { name: string; value: string | null }): { name: string; value: string | null } {
  return { name: clip(tag.name, 255), value: tag.value === null ? null : clip(tag.value, 255) };
}

/** Imports of history archives (`POST /api/histories` with archive_source), as background tasks. */
export class HistoryImportService {
  constructor(private readonly historyExports: HistoryExportService, private readonly tasks: TaskRunner) {}

  /** The REST door's import: checked now, fetched in the background (tried again after a failure). */
  async queue(ctx: ServiceContext, source: string, archiveType: string): Promise<void> {
    const payload = await this.checkedSource(ctx, source, archiveType);
    await enqueueTask(ctx.em, IMPORT_TASK, payload);
    this.tasks.notify();
  }

  /**
   * The web UI's import from a URL: the same checks, tried once (a screen follows it with `progress`
   * and shows its error; the person decides whether to try again).
   */
  async queueFollowed(ctx: ServiceContext, source: string): Promise<BackgroundTask> {
    return this.enqueueOnce(ctx, await this.checkedSource(ctx, source, 'url'));
  }

  /**
   * The web UI's import of an uploaded archive, already in the upload store (`path`, named `name` by
   * the person's file): the task reads it once and removes it.
   */
  async queueUploaded(ctx: ServiceContext, stored: { path: string; name: string }): Promise<BackgroundTask> {
    const user = ctx.caller.requireUser();
    return this.enqueueOnce(ctx, { userId: user.id, source: stored.name, uploadPath: stored.path });
  }

  /** Where one of the caller's imports is; another user's (or none) is not found. */
  async progress(ctx: ServiceContext, encodedTaskId: string): Promise<ImportProgress> {
    const user = ctx.caller.requireUser();
    const task = await ctx.em.findOne(BackgroundTask, { id: decodeId(ctx, encodedTaskId), kind: IMPORT_TASK });
    if (!task || (Number(task.payload.userId) !== user.id && !ctx.caller.isAdmin)) throw errors.notFound(`No history import ${encodedTaskId}`);
    const historyId = task.state === 'done' && task.result?.historyId !== undefined ? ctx.services.ids.encode(Number(task.result.historyId)) : null;
    return {
      id: encodedTaskId,
      state: task.state,
      source: String(task.payload.source ?? ''),
      historyId,
      datasets: task.state === 'done' ? Number(task.result?.datasets ?? 0) : null,
      error: task.state === 'failed' ? (task.error ?? 'The import failed.') : null,
    };
  }

  private async enqueueOnce(ctx: ServiceContext, payload: Record<string, unknown>): Promise<BackgroundTask> {
    const task = ctx.em.create(BackgroundTask, { kind: IMPORT_TASK, payload, result: null, maxAttempts: 1 });
    await ctx.em.flush();
    this.tasks.notify();
    return task;
  }

  /** The task's payload for a URL or server path, refused now when it cannot be imported. */
  private async checkedSource(ctx: ServiceContext, source: string, archiveType: string): Promise<Record<string, unknown>> {
    const user = ctx.caller.requireUser();
    const trimmed = source.trim();
    if (!trimmed) throw errors.missing('archive_source is required.');
    if (archiveType !== 'url' && archiveType !== 'file') throw errors.invalid(`Unsupported archive_type: ${archiveType}`);
    const isUrl = /^https?:\/\//i.test(trimmed);
    if (!isUrl && !ctx.services.config.historyImportDir) {
      throw errors.invalid('Importing from a server path is not enabled (HISTORY_IMPORT_DIR); give an http(s) URL.');
    }
    if (isUrl) {
      const own = ownExportAddress(trimmed, ctx.requestHost);
      if (own) {
        // This server's own export: read from storage under the caller's rules, as if they had
        // downloaded it with their key (refused now, like that download, when they may not).
        await this.historyExports.archive(ctx, own.historyId, own.exportId);
        return { userId: user.id, source: trimmed, exportId: decodeId(ctx, own.exportId) };
      }
      await checkUrlHost(new URL(trimmed), { allowPrivate: ctx.services.config.allowPrivateUrlFetch }).catch((error: unknown) => {
        throw error instanceof UrlFetchError ? errors.invalid(`archive_source ${describeUrl(new URL(trimmed))} was refused: ${error.message}`) : error;
      });
    }
    if (!isUrl) {
      // A server path is checked now (inside the import directory, a regular file), so a bad one is
      // refused to the caller rather than failing later in the background.
      const { config, layout } = ctx.services;
      await fetchArchiveSource(trimmed, { importDir: config.historyImportDir, tmpDir: layout.tmp, maxBytes: config.maxUploadBytes }).catch((error: unknown) => {
        throw error instanceof ArchiveSourceError ? errors.invalid(error.message) : error;
      });
    }
    return { userId: user.id, source: trimmed };
  }
}

/** Where an import is: 'queued', 'running', 'done' (historyId set) or 'failed' (error set). */
export interface ImportProgress {
  id: string;
  state: string;
  source: string;
  historyId: string | null;
  datasets: number | null;
  error: string | null;
}

/** The stored archive of one of this server's exports (the caller's access was checked when queued). */
async function ownExportFile(em: EntityManager, exportId: number): Promise<string> {
  const record = await em.findOne(HistoryExport, { id: exportId });
  if (!record || record.state !== 'ok' || !record.filePath) throw new Error('The history export to import is no longer available.');
  return record.filePath;
}

/** The background task: fetch, check and unpack the archive, then create the history and its datasets. */
export function importTaskHandler(services: CoreServices) {
  return async (task: BackgroundTask, em: EntityManager): Promise<Record<string, unknown>> => {
    const { layout, config } = services;
    const user = await em.findOneOrFail(User, { id: Number(task.payload.userId) });
    const source = String(task.payload.source);
    const workDir = await mkdtemp(join(layout.tmp, 'import-'));
    let archivePath: string | null = null;
    try {
      const uploaded = typeof task.payload.uploadPath === 'string' ? task.payload.uploadPath : null;
      archivePath = uploaded ?? (task.payload.exportId !== undefined ? await ownExportFile(em, Number(task.payload.exportId)) : await fetchArchiveSource(source, {
        importDir: config.historyImportDir,
        tmpDir: layout.tmp,
        maxBytes: config.maxUploadBytes,
        allowPrivate: config.allowPrivateUrlFetch,
      }).catch((error: unknown) => {
        if (error instanceof ArchiveSourceError) throw new Error(error.message);
        throw error;
      }));
      const content = await readHistoryArchive(archivePath, join(workDir, 'archive'), { maxTotalBytes: config.maxUploadBytes });
      const historyId = await em.transactional(async (tx) => {
        const history = tx.create(History, {
          user,
          // The platform's name for an imported history (its API tests wait for this name).
          name: historyName(`imported from archive: ${content.history.name}`),
          genomeBuild: content.history.genome_build === null ? null : clip(content.history.genome_build, HISTORY_TEXT_LENGTH),
          annotation: content.history.annotation,
        });
        await tx.flush();
        const datasets = [...content.datasets].sort((a, b) => a.attrs.hid - b.attrs.hid);
        // In chunks: each chunk's rows in one flush (multi-row inserts), then its files and tags
        // (written, with the files' sizes and descriptions, by the next chunk's flush).
        for (let first = 0; first < datasets.length; first += IMPORT_CHUNK) {
          const chunk = datasets.slice(first, first + IMPORT_CHUNK);
          const created = chunk.map(({ attrs, filePath }, index) => {
            const dataset = tx.create(Dataset, { state: filePath ? 'ok' : 'discarded', uuid: attrs.uuid && /^[0-9a-f-]{36}$/i.test(attrs.uuid) ? attrs.uuid : randomUUID() });
            const hda = tx.create(HistoryDatasetAssociation, {
              history,
              dataset,
              hid: first + index + 1,
              // Archives of other servers may carry longer texts than our columns: cut, as the platform's trimmed columns do.
              name: clip(sanitizeText(attrs.name) || 'Unnamed dataset', 255),
              extension: clip(attrs.extension, 64),
              dbkey: clip(attrs.dbkey, 64),
              info: attrs.info,
              blurb: attrs.blurb,
              peek: attrs.peek,
              metadata: attrs.metadata,
              visible: attrs.visible,
              deleted: attrs.deleted,
              purged: !filePath,
              annotation: attrs.annotation,
            });
            return { attrs, filePath, dataset, hda };
          });
          await tx.flush();
          for (const { attrs, filePath, dataset, hda } of created) {
            if (filePath) {
              // Copied, not moved: two datasets of an archive may share one member.
              dataset.fileSize = await layout.objects.putFile(dataset, filePath);
              if (Object.keys(attrs.metadata).length === 0) await describeStoredFile(hda, layout.objects.pathOf(dataset), dataset.fileSize);
            }
            for (const text of attrs.tags) {
              const tag = parseTag(text);
              if (tag) tx.create(ItemTag, { user, itemType: 'hda', itemId: hda.id, ...clippedTag(tag) });
            }
          }
        }
        const hid = datasets.length + 1;
        for (const text of content.history.tags) {
          const tag = parseTag(text);
          if (tag) tx.create(ItemTag, { user, itemType: 'history', itemId: history.id, ...clippedTag(tag) });
        }
        history.hidCounter = hid;
        await tx.flush();
        await recalculateDiskUsage(tx, user.id);
        return history.id;
      });
      return { historyId, datasets: content.datasets.length };
    } finally {
      await rm(workDir, { recursive: true, force: true });
      if (archivePath && archivePath.includes(DOWNLOAD_PREFIX)) await rm(archivePath, { force: true });
      // An uploaded archive is tried once (queueUploaded): it goes whatever the outcome.
      if (typeof task.payload.uploadPath === 'string') await rm(task.payload.uploadPath, { force: true });
    }
  };
}
