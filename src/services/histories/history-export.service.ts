import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CoreServices, ServiceContext } from '../../context/service-context';
import type { BackgroundTask } from '../../entities/background-task.entity';
import { HistoryDatasetAssociation } from '../../entities/hda.entity';
import { HistoryExport } from '../../entities/history-export.entity';
import { History } from '../../entities/history.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { isoformat } from '../../format/timestamps';
import { writeHistoryArchive } from '../../histories-archive';
import { enqueueTask } from '../../tasks/task-queue';
import { tagText } from '../tags';
import { decodeId } from '../shared';
import { ItemTag } from '../../entities/item-tag.entity';
import type { HistoryService } from './history.service';
import type { TaskRunner } from '../../tasks/task-runner';

export const EXPORT_TASK = 'history_export';

export interface ExportOptions {
  force: boolean;
  gzip: boolean;
  includeHidden: boolean;
  includeDeleted: boolean;
}

/** Either the ready archive's download address, or "being prepared" (HTTP 202). */
export interface ExportStatus {
  ready: boolean;
  exportId: string | null;
  downloadUrl: string | null;
}

/** Where an export is: 'queued', 'running', 'ok' (downloadUrl set) or 'error' (error set). */
export interface ExportProgress {
  exportId: string;
  state: string;
  downloadUrl: string | null;
  fileSize: number | null;
  error: string | null;
}

/** The latest change of a history or of any of its datasets: exports older than this are stale. */
async function contentVersion(em: EntityManager, historyId: number): Promise<Date> {
  const rows = await em.execute<Array<{ version: Date | string }>>(
    `select greatest(h.update_time, coalesce(max(hda.update_time), h.update_time)) as version
     from history h left join history_dataset_association hda on hda.history_id = h.id
     where h.id = ? group by h.id, h.update_time`,
    [historyId],
  );
  return new Date(rows[0]?.version ?? 0);
}

/** History export archives: requested by PUT, built by a background task, downloaded by GET. */
export class HistoryExportService {
  constructor(private readonly histories: HistoryService, private readonly tasks: TaskRunner) {}

  /** An up-to-date ready export answers its address; otherwise one is queued (unless one is on its way). */
  async request(ctx: ServiceContext, encodedHistoryId: string, options: ExportOptions): Promise<ExportStatus> {
    return ctx.em.transactional(async (em) => {
      const history = await this.histories.findOwned(ctx, encodedHistoryId);
      const version = await contentVersion(em, history.id);
      const latest = await em.findOne(HistoryExport, { history }, { orderBy: { id: 'desc' } });
      const current = latest && latest.state !== 'error' && latest.historyUpdateTime.getTime() >= version.getTime();
      if (latest && current && !options.force) {
        if (latest.state === 'ok') {
          const exportId = ctx.services.ids.encode(latest.id);
          return { ready: true, exportId, downloadUrl: `/api/histories/${encodedHistoryId}/exports/${exportId}` };
        }
        return { ready: false, exportId: ctx.services.ids.encode(latest.id), downloadUrl: null };
      }
      const record = em.create(HistoryExport, {
        history,
        gzip: options.gzip,
        includeHidden: options.includeHidden,
        includeDeleted: options.includeDeleted,
        historyUpdateTime: version,
      });
      await em.flush();
      record.task = await enqueueTask(em, EXPORT_TASK, { exportId: record.id });
      await em.flush();
      this.tasks.notify();
      return { ready: false, exportId: ctx.services.ids.encode(record.id), downloadUrl: null };
    });
  }

  /** Where one export of a history the caller owns is (a screen follows it until it is ready). */
  async progress(ctx: ServiceContext, encodedHistoryId: string, encodedExportId: string): Promise<ExportProgress> {
    const history = await this.histories.findOwned(ctx, encodedHistoryId);
    const record = await ctx.em.findOne(HistoryExport, { id: decodeId(ctx, encodedExportId), history });
    if (!record) throw errors.notFound(`No export ${encodedExportId} of history ${encodedHistoryId}`);
    const ready = record.state === 'ok' && record.filePath !== null;
    return {
      exportId: encodedExportId,
      state: record.state,
      downloadUrl: ready ? `/api/histories/${encodedHistoryId}/exports/${encodedExportId}` : null,
      fileSize: ready ? record.fileSize : null,
      error: record.state === 'error' ? record.error : null,
    };
  }

  /** The archive of a finished export, for streaming. */
  async archive(ctx: ServiceContext, encodedHistoryId: string, encodedExportId: string): Promise<{ path: string; filename: string; gzip: boolean }> {
    const history = await this.histories.findOwned(ctx, encodedHistoryId);
    const record = await ctx.em.findOne(HistoryExport, { id: decodeId(ctx, encodedExportId), history });
    if (!record) throw errors.notFound(`No export ${encodedExportId} of history ${encodedHistoryId}`);
    if (record.state !== 'ok' || !record.filePath) throw new AppError('MessageException', 'Export not available or not yet ready.');
    const safeName = history.name.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 80) || 'history';
    return { path: record.filePath, filename: `Galaxy-History-${safeName}.tar${record.gzip ? '.gz' : ''}`, gzip: record.gzip };
  }
}

/** The background task: writes the archive (datasets' attributes and files) and marks the export ready. */
export function exportTaskHandler(services: CoreServices) {
  return async (task: BackgroundTask, em: EntityManager): Promise<Record<string, unknown>> => {
    const record = await em.findOneOrFail(HistoryExport, { id: Number(task.payload.exportId) }, { populate: ['history'] });
    record.state = 'running';
    await em.flush();
    const history: History = record.history;
    const where = { history, purged: false, ...(record.includeDeleted ? {} : { deleted: false }), ...(record.includeHidden ? {} : { visible: true }) };
    const hdas = await em.find(HistoryDatasetAssociation, where, { populate: ['dataset'], orderBy: { hid: 'asc' } });
    const tags = await em.find(ItemTag, { $or: [{ itemType: 'history', itemId: history.id }, { itemType: 'hda', itemId: { $in: hdas.map((h) => h.id) } }] });
    const tagsOf = (type: string, id: number) => tags.filter((t) => t.itemType === type && t.itemId === id).map(tagText);
    const target = join(services.layout.exports, `history_${history.id}_export_${record.id}.tar${record.gzip ? '.gz' : ''}`);
    const { size } = await writeHistoryArchive(
      {
        history: {
          name: history.name,
          hid_counter: history.hidCounter,
          genome_build: history.genomeBuild,
          annotation: history.annotation,
          tags: tagsOf('history', history.id),
          create_time: isoformat(history.createTime),
          update_time: isoformat(history.updateTime),
        },
        datasets: hdas.map((hda) => ({
          attrs: {
            name: hda.name,
            hid: hda.hid,
            extension: hda.extension,
            info: hda.info,
            blurb: hda.blurb,
            peek: hda.peek,
            dbkey: hda.dbkey,
            metadata: hda.metadata,
            visible: hda.visible,
            deleted: hda.deleted,
            annotation: hda.annotation,
            tags: tagsOf('hda', hda.id),
            create_time: isoformat(hda.createTime),
            update_time: isoformat(hda.updateTime),
            uuid: hda.dataset.uuid,
          },
          filePath: hda.dataset.state === 'ok' ? services.layout.objects.pathOf(hda.dataset) : null,
        })),
      },
      target,
      { gzip: record.gzip },
    );
    record.state = 'ok';
    record.filePath = target;
    record.fileSize = size;
    await em.flush();
    return { exportId: record.id, size };
  };
}

export function exportTaskFailed() {
  return async (task: BackgroundTask, em: EntityManager, error: string): Promise<void> => {
    await em.nativeUpdate(HistoryExport, { id: Number(task.payload.exportId) }, { state: 'error', error });
  };
}
