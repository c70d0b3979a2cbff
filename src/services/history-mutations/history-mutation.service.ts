import { copyHistoryCollections } from '../collections';
import { rm } from 'node:fs/promises';
import type { ServiceContext } from '../../context/service-context';
import { HistoryDatasetAssociation } from '../../entities/hda.entity';
import { HistoryExport } from '../../entities/history-export.entity';
import { History } from '../../entities/history.entity';
import { ACTIVE_JOB_STATES, Job } from '../../entities/job.entity';
import { errors } from '../../errors/error-kinds';
import { readAccessIn } from '../datasets';
import { copyHistoryDatasets } from '../datasets';
import { purgeHdas, removeFiles } from '../datasets';
import { sanitizeText } from '../shared';
import { recalculateDiskUsage } from '../usage';
import { ensureSharedSlug } from './history-slug';
import { applyHistoryChanges, historyName, type HistoryService, parseHistoryChanges } from '../histories';
import type { TagService } from '../tags';
import type { HdcaService } from '../collections';

/** States of jobs that purging a history stops. */

/** Creating, copying, changing, deleting and purging histories (owners and administrators). */
export class HistoryMutationService {
  constructor(private readonly histories: HistoryService, private readonly tags: TagService, private readonly hdcas: HdcaService) {}

  async create(ctx: ServiceContext, name: string | undefined): Promise<History> {
    const history = ctx.em.create(History, { user: ctx.requireUserRef(), name: historyName(name) });
    await ctx.em.flush();
    return history;
  }

  /**
   * Copies a readable history's active datasets the caller may read (with `allDatasets`, its deleted
   * ones too, still deleted), and its collections, into a new history of the caller.
   */
  async copy(ctx: ServiceContext, encodedSourceId: string, name: string | undefined, allDatasets = false): Promise<History> {
    const user = ctx.requireUserRef();
    return ctx.em.transactional(async (em) => {
      const source = await this.histories.findReadable(ctx, encodedSourceId);
      const copy = em.create(History, {
        user,
        name: historyName(name || `Copy of '${source.name}'`),
        genomeBuild: source.genomeBuild,
        annotation: source.annotation,
      });
      await em.flush();
      // Set-based: one statement copies the datasets, whatever their number.
      // Only the datasets the caller may read (dataset-access.ts): the copy is theirs.
      const reader = readAccessIn(ctx.caller, source) === 'all' ? ({ access: 'all' } as const) : ({ access: 'roles', userId: ctx.caller.userId } as const);
      const copies = await copyHistoryDatasets(em, source.id, copy.id, reader, { allDatasets });
      await copyHistoryCollections(ctx, this.hdcas, source, copy, new Map([...copies].map(([sourceId, copyId]) => [sourceId, em.getReference(HistoryDatasetAssociation, copyId)])));
      const tags = await this.tags.tagsOf(ctx, 'history', source.id);
      await this.tags.setTags(ctx, user, 'history', copy.id, tags.map((t) => (t.value ? `${t.name}:${t.value}` : t.name)));
      await recalculateDiskUsage(em, user.id);
      return copy;
    });
  }

  /**
   * Marks deleted; with purge, also purges its datasets (files no one else uses), stops its jobs and
   * removes its export archives (copies of the purged data). Files go only once the transaction committed.
   */
  async delete(ctx: ServiceContext, encodedId: string, purge: boolean): Promise<History> {
    const { history, orphans, archives } = await ctx.em.transactional(async (em) => {
      const found = await this.histories.findOwned(ctx, encodedId);
      found.deleted = true;
      let purgedDatasets: Awaited<ReturnType<typeof purgeHdas>> = [];
      const archivePaths: string[] = [];
      if (purge) {
        found.purged = true;
        // Jobs first: a worker marking a job's outputs running locks the job, then its datasets; the same order here never deadlocks with it.
        await em.nativeUpdate(Job, { history: found, state: { $in: [...ACTIVE_JOB_STATES] } }, { state: 'deleted', updateTime: new Date() });
        const hdas = await em.find(HistoryDatasetAssociation, { history: found, purged: false }, { populate: ['dataset'] });
        purgedDatasets = await purgeHdas(em, hdas);
        for (const record of await em.find(HistoryExport, { history: found, filePath: { $ne: null } })) {
          archivePaths.push(record.filePath as string);
          record.filePath = null;
          record.state = 'error';
          record.error = 'The history was purged.';
        }
      }
      await em.flush();
      if (found.user) await recalculateDiskUsage(em, found.user.id);
      return { history: found, orphans: purgedDatasets, archives: archivePaths };
    });
    await removeFiles(ctx.services.layout.objects, orphans);
    for (const path of archives) await rm(path, { force: true });
    return history;
  }

  async undelete(ctx: ServiceContext, encodedId: string): Promise<History> {
    return ctx.em.transactional(async (em) => {
      const history = await this.histories.findOwned(ctx, encodedId);
      if (history.purged) throw errors.invalidAttribute('This history has been purged and cannot be undeleted.');
      history.deleted = false;
      await em.flush();
      return history;
    });
  }

  /** `POST /api/histories/{id}/tags/{name}`: adds (or replaces) one tag; the history counts as changed (exports go stale). */
  async addTag(ctx: ServiceContext, encodedId: string, name: string, value: string | null) {
    return ctx.em.transactional(async (em) => {
      const history = await this.histories.findOwned(ctx, encodedId);
      if (!history.user) throw errors.authRequired('Tags need a user.');
      const tag = await this.tags.addTag(ctx, history.user, 'history', history.id, sanitizeText(name), value === null ? null : sanitizeText(value));
      history.updateTime = new Date();
      await em.flush();
      return tag;
    });
  }

  /** Applies any serialized field of the payload (sanitized), tags included. */
  async update(ctx: ServiceContext, encodedId: string, payload: Record<string, unknown>): Promise<History> {
    return ctx.em.transactional(async (em) => {
      const history = await this.histories.findOwned(ctx, encodedId);
      const changes = parseHistoryChanges(payload);
      applyHistoryChanges(history, changes);
      await ensureSharedSlug(em, history);
      if (changes.tags) await this.tags.setTags(ctx, history.user, 'history', history.id, changes.tags);
      history.updateTime = new Date();
      await em.flush();
      return history;
    });
  }
}
