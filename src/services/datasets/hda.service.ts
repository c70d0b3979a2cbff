import type { BatchOptions } from '../../db/sql/sql-batches';
import type { ServiceContext } from '../../context/service-context';
import { HistoryDatasetAssociation } from '../../entities/hda.entity';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { History } from '../../entities/history.entity';
import { Dataset } from '../../entities/dataset.entity';
import { User } from '../../entities/user.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { type HistoryRef, mayChangeHistory, mayReadHistory } from '../histories';
import { decodeId } from '../shared';
import { recalculateDiskUsage } from '../usage';
import { copyHdas, copyLddaToHistory } from './hda-factory';
import { contentsByHistoryId } from './hda.loaders';
import { mayReadDataset, readAccessIn } from './dataset-access';
import { type DatasetFile, datasetFileOf } from './dataset-file';
import { type HdaRead, hdaSummariesRead, hdaViewsRead, loadHdaSummaries, loadHdaViews } from './hda-reads';
import { type HdaInHistoryView, type HdaParts, type HdaSummaryView, type HdaView, NO_HDA_PARTS, readHda } from './hda-view';
import { stopCreatingJob } from './stop-creating-job';
import { applyDatatype, checkedDatatype, refuseWhileJobsUseIt, sniffedDatatype } from './hda-datatype';
import { applyHdaChanges, parseHdaChanges } from './hda-update';
import { touchHistory } from './hid-allocation';
import { purgeHdas, removeFiles } from './purge';
import type { HistoryService } from '../histories';
import type { LibraryDatasetLookup } from './library-dataset-lookup';
import type { PermissionService } from '../permissions';
import type { TagService } from '../tags';

export interface ContentsFilter {
  ids?: string[];
  deleted?: boolean | null;
  visible?: boolean | null;
}

/** What `POST /api/histories/{id}/contents` names: a contents type, a source kind and the source id. */
export interface CopySource {
  type?: string | null;
  source?: string | null;
  content?: string | null;
}

const populate = ['dataset', 'history', 'history.user'] as const;

/** Datasets read per statement by `findReadableMany`. */
const READ_MANY_SLICE = 10_000;

const notFound = (encodedId: string) => errors.notFound(`No HistoryDatasetAssociation found with id: ${encodedId}`);

/** History contents: listing, show, copy in, change, delete and purge. */
export class HdaService {
  constructor(private readonly histories: HistoryService, private readonly libraryDatasets: LibraryDatasetLookup, private readonly permissions: PermissionService, private readonly tags: TagService) {}

  /**
   * A readable history's datasets: full views, or (`summary`) only the summary columns; those the
   * caller may not read (dataset-access.ts) in their inaccessible form.
   */
  async contents(ctx: ServiceContext, encodedHistoryId: string, filter: ContentsFilter, parts: HdaParts & { summary: boolean }): Promise<HdaSummaryView[]> {
    const history = await this.histories.readable(ctx, encodedHistoryId);
    return this.contentsOfReadable(ctx, history, filter, parts);
  }

  /** The datasets of a history the caller was found to read, as `contents` shows them. */
  async contentsOfReadable(ctx: ServiceContext, history: HistoryRef, filter: ContentsFilter, parts: HdaParts & { summary: boolean }): Promise<HdaSummaryView[]> {
    const query = { ids: filter.ids?.map((id) => decodeId(ctx, id)), deleted: filter.deleted, visible: filter.visible, access: readAccessIn(ctx.caller, history) };
    if (parts.summary) return loadHdaSummaries(ctx, { ...query, historyId: history.id }, parts);
    return loadHdaViews(ctx, { ...query, historyIds: [history.id] }, parts);
  }

  /**
   * The datasets of a history the caller was found to read, in batches as they are read (one
   * statement, summary or full view): listings that stream their answer.
   */
  contentsInBatchesOfReadable(
    ctx: ServiceContext,
    history: HistoryRef & { hidCounter: number },
    filter: ContentsFilter,
    parts: HdaParts & { summary: boolean },
    batchSize: number,
  ): AsyncGenerator<HdaSummaryView[], void, undefined> {
    const query = { ids: filter.ids?.map((id) => decodeId(ctx, id)), deleted: filter.deleted, visible: filter.visible, access: readAccessIn(ctx.caller, history) };
    // Items take hids from the counter: a small history's listing is read at once, one round trip.
    const options = { batchSize, expectedRows: history.hidCounter - 1 };
    if (parts.summary) return viewsInBatches(ctx, hdaSummariesRead(ctx, { ...query, historyId: history.id }, parts), options);
    return viewsInBatches(ctx, hdaViewsRead(ctx, { ...query, historyIds: [history.id] }, parts), options);
  }

  /**
   * The contents of a history already checked readable (GraphQL relation; batched per request), those
   * the caller may not read in their inaccessible form.
   */
  async contentsOf(ctx: ServiceContext, history: HistoryRef, filter: Omit<ContentsFilter, 'ids'>): Promise<HdaSummaryView[]> {
    if (!mayReadHistory(ctx.caller, history)) throw errors.notAccessible('History is not accessible by the current user');
    const all = await ctx.loaders.get(contentsByHistoryId).load({ historyId: history.id, access: readAccessIn(ctx.caller, history) });
    return all.filter(
      (hda) => (typeof filter.deleted !== 'boolean' || hda.deleted === filter.deleted) && (typeof filter.visible !== 'boolean' || hda.visible === filter.visible),
    );
  }

  /**
   * A dataset of a history, checking that it belongs to that history. As on the platform, the
   * dataset's own access rules decide (dataset-access.ts), not the history's: one statement.
   */
  async showInHistory(ctx: ServiceContext, encodedHistoryId: string, encodedId: string, parts: HdaParts = NO_HDA_PARTS): Promise<HdaView> {
    const historyId = decodeId(ctx, encodedHistoryId);
    const hda = await readHda(ctx, decodeId(ctx, encodedId), parts);
    if (!hda) throw notFound(encodedId);
    if (hda.history.id !== historyId) throw errors.notFound(`No dataset ${encodedId} in history ${encodedHistoryId}`);
    if (!mayReadDataset(ctx.caller, hda)) throw errors.notAccessible('Dataset is not accessible by the current user');
    return hda;
  }

  /** `GET /api/datasets/{id}` and downloads: a history dataset the caller may read (one statement). */
  async readable(ctx: ServiceContext, encodedId: string, parts: HdaParts = NO_HDA_PARTS): Promise<HdaInHistoryView> {
    const hda = await readHda(ctx, decodeId(ctx, encodedId), parts);
    if (!hda) throw notFound(encodedId);
    if (!mayReadDataset(ctx.caller, hda)) throw errors.notAccessible('Dataset is not accessible by the current user');
    return hda;
  }

  /** A history dataset the caller may read, as an entity (to copy or run a tool on). */
  async findReadable(ctx: ServiceContext, encodedId: string): Promise<HistoryDatasetAssociation> {
    const hda = await this.find(ctx, encodedId);
    if (!mayReadHistory(ctx.caller, hda.history)) throw errors.notAccessible('Dataset is not accessible by the current user');
    // A restricted dataset of a shared history is not copied (nor used) by those lacking its access roles.
    const dataset = { type: 'dataset' as const, id: hda.dataset.id };
    if (!mayChangeHistory(ctx.caller, hda.history) && !(await this.permissions.can(ctx, dataset, PERMISSION_ACTIONS.datasetAccess))) {
      throw errors.notAccessible('Dataset is not accessible by the current user');
    }
    return hda;
  }

  /** The file behind a readable dataset, with how to serve it. */
  async fileOf(ctx: ServiceContext, encodedId: string): Promise<DatasetFile> {
    return datasetFileOf(ctx, await this.readable(ctx, encodedId));
  }

  /**
   * Many readable datasets at once (a tool mapped over a batch): one statement for the datasets, one
   * for the grants of those in histories the caller cannot change; checked in the order given, with
   * the errors `findReadable` gives for the first one that fails.
   */
  async findReadableMany(ctx: ServiceContext, encodedIds: readonly string[]): Promise<Map<string, HistoryDatasetAssociation>> {
    const ids = encodedIds.map((encodedId) => decodeId(ctx, encodedId));
    const distinct = [...new Set(ids)];
    const found: HistoryDatasetAssociation[] = [];
    // In slices: a statement's parameters are limited (65,535).
    for (let first = 0; first < distinct.length; first += READ_MANY_SLICE) {
      found.push(...(await ctx.em.find(HistoryDatasetAssociation, { id: { $in: distinct.slice(first, first + READ_MANY_SLICE) } }, { populate: [...populate] })));
    }
    return this.checkedInOrder(ctx, encodedIds, ids, new Map(found.map((hda) => [hda.id, hda])));
  }

  /**
   * `findReadableMany` for a tool mapped over thousands of datasets: the same checks, read with one
   * statement per slice into entity objects the EntityManager does not manage (hydrating thousands of
   * managed ones costs more than the whole run's writes). To read, or to refer to by id; never to flush.
   */
  async readableRows(ctx: ServiceContext, encodedIds: readonly string[]): Promise<Map<string, HistoryDatasetAssociation>> {
    const ids = encodedIds.map((encodedId) => decodeId(ctx, encodedId));
    const distinct = [...new Set(ids)];
    const byId = new Map<number, HistoryDatasetAssociation>();
    const histories = new Map<number, History>();
    for (let first = 0; first < distinct.length; first += READ_MANY_SLICE) {
      const rows = await ctx.em.execute<Array<Record<string, unknown>>>(
        `select hda.id, hda.hid, hda.name, hda.info, hda.blurb, hda.peek, hda.extension, hda.dbkey, hda.metadata, hda.visible, hda.deleted, hda.purged,
                hda.history_id, h.user_id, h.published, h.importable, d.id as dataset_id, d.state as dataset_state, d.purged as dataset_purged, d.file_size
         from history_dataset_association hda join history h on h.id = hda.history_id join dataset d on d.id = hda.dataset_id
         where hda.id in (select unnest(?::int[]))`,
        [`{${distinct.slice(first, first + READ_MANY_SLICE).join(',')}}`],
      );
      for (const row of rows) byId.set(Number(row.id), unmanagedHda(row, histories));
    }
    return this.checkedInOrder(ctx, encodedIds, ids, byId);
  }

  /** The datasets in the order given, each checked as `findReadable` checks it (grants read at once). */
  private async checkedInOrder(ctx: ServiceContext, encodedIds: readonly string[], ids: number[], byId: Map<number, HistoryDatasetAssociation>): Promise<Map<string, HistoryDatasetAssociation>> {
    const found = [...byId.values()];
    const restricted = found.filter((hda) => mayReadHistory(ctx.caller, hda.history) && !mayChangeHistory(ctx.caller, hda.history));
    const accessible = new Map(
      await Promise.all(restricted.map(async (hda) => [hda.id, await this.permissions.can(ctx, { type: 'dataset', id: hda.dataset.id }, PERMISSION_ACTIONS.datasetAccess)] as const)),
    );
    const readable = new Map<string, HistoryDatasetAssociation>();
    encodedIds.forEach((encodedId, index) => {
      const hda = byId.get(ids[index]);
      if (!hda) throw notFound(encodedId);
      if (!mayReadHistory(ctx.caller, hda.history) || accessible.get(hda.id) === false) throw errors.notAccessible('Dataset is not accessible by the current user');
      readable.set(encodedId, hda);
    });
    return readable;
  }

  async findOwned(ctx: ServiceContext, encodedId: string): Promise<HistoryDatasetAssociation> {
    const hda = await this.find(ctx, encodedId);
    if (!mayChangeHistory(ctx.caller, hda.history)) throw errors.notOwned('Dataset is not owned by the current user');
    return hda;
  }

  private async find(ctx: ServiceContext, encodedId: string): Promise<HistoryDatasetAssociation> {
    const hda = await ctx.em.findOne(HistoryDatasetAssociation, { id: decodeId(ctx, encodedId) }, { populate: [...populate] });
    if (!hda) throw notFound(encodedId);
    return hda;
  }

  /**
   * Copies a readable history dataset into a history the caller owns. As on the platform, the target
   * history is checked first, then the contents type, the source kind and the source id.
   */
  async copyInto(ctx: ServiceContext, encodedHistoryId: string, from: CopySource): Promise<HistoryDatasetAssociation> {
    return ctx.em.transactional(async (em) => {
      const history = await this.histories.findOwned(ctx, encodedHistoryId);
      const type = from.type ?? 'dataset';
      if (type === 'dataset_collection') throw errors.notImplemented('Dataset collections are not offered by this server.');
      if (type !== 'dataset') throw new AppError('UnknownContentsType', `Unknown contents type: ${type}`);
      if (from.source !== 'hda' && from.source !== 'library') throw errors.invalid(`'source' must be either 'library' or 'hda': ${String(from.source ?? null)}`);
      if (from.content === undefined || from.content === null || from.content === '') throw errors.missing("'content' id of lda or hda is missing");
      let copy: HistoryDatasetAssociation;
      if (from.source === 'library') {
        // `content` names a library dataset: its current version is imported.
        const ld = await this.libraryDatasets.findAccessible(ctx, String(from.content));
        if (!ld.ldda) throw errors.notFound('The library dataset has no version.');
        copy = await copyLddaToHistory(em, history, ld.ldda);
      } else {
        const source = await this.findReadable(ctx, from.content);
        [copy] = await copyHdas(em, history, [source]);
      }
      if (history.user) await recalculateDiskUsage(em, history.user.id);
      return copy;
    });
  }

  async update(ctx: ServiceContext, encodedHistoryId: string, encodedId: string, payload: Record<string, unknown>): Promise<HistoryDatasetAssociation> {
    const { hda, orphans } = await ctx.em.transactional(async (em) => {
      const found = await this.ownedInHistory(ctx, encodedHistoryId, encodedId);
      const changes = parseHdaChanges(payload);
      applyHdaChanges(found, changes);
      if (changes.tags) await this.tags.setTags(ctx, found.history.user, 'hda', found.id, changes.tags);
      const purged = changes.purged && !found.purged ? await purgeHdas(em, [found]) : [];
      found.updateTime = new Date();
      await em.flush();
      // As on the platform, deleting a dataset (this route only) stops the job still making it.
      if (changes.deleted === true) await stopCreatingJob(em, found.id);
      await touchHistory(em, found.history.id);
      if (purged.length && found.history.user) await recalculateDiskUsage(em, found.history.user.id);
      return { hda: found, orphans: purged };
    });
    await removeFiles(ctx.services.layout.objects, orphans);
    return hda;
  }

  /**
   * Changes a dataset's datatype (the platform's "Change data type" of the dataset's attributes):
   * the owner or an administrator, a known datatype the platform lets users choose, no unfinished job
   * reading or writing the dataset, and not purged.
   */
  async changeDatatype(ctx: ServiceContext, encodedHistoryId: string, encodedId: string, datatype: unknown): Promise<HistoryDatasetAssociation> {
    return ctx.em.transactional(async (em) => {
      const found = await this.ownedInHistory(ctx, encodedHistoryId, encodedId);
      const extension = checkedDatatype(found.extension, datatype);
      if (extension === found.extension) return found;
      await refuseWhileJobsUseIt(em, found.id);
      await applyDatatype(found, extension, ctx.services.layout.objects);
      found.updateTime = new Date();
      await em.flush();
      await touchHistory(em, found.history.id);
      return found;
    });
  }

  /**
   * The attributes form's "auto-detect" datatype: the one the file's content says, then its metadata
   * read as that type (the same rules as choosing a datatype by hand).
   */
  async autoDetectDatatype(ctx: ServiceContext, encodedHistoryId: string, encodedId: string): Promise<HistoryDatasetAssociation> {
    return ctx.em.transactional(async (em) => {
      const found = await this.ownedInHistory(ctx, encodedHistoryId, encodedId);
      await refuseWhileJobsUseIt(em, found.id);
      const store = ctx.services.layout.objects;
      const extension = checkedDatatype(found.extension, await sniffedDatatype(found, store));
      await applyDatatype(found, extension, store);
      found.updateTime = new Date();
      await em.flush();
      await touchHistory(em, found.history.id);
      return found;
    });
  }

  /**
   * The attributes form's "Auto-detect" of metadata (15.05's words: "inspect the dataset and attempt
   * to correct the above column values if they are not accurate"): metadata, peek and blurb read
   * again from the file, the datatype kept.
   */
  async redetectMetadata(ctx: ServiceContext, encodedHistoryId: string, encodedId: string): Promise<HistoryDatasetAssociation> {
    return ctx.em.transactional(async (em) => {
      const found = await this.ownedInHistory(ctx, encodedHistoryId, encodedId);
      await refuseWhileJobsUseIt(em, found.id);
      const store = ctx.services.layout.objects;
      // Refuses what has no file to read, as detecting the datatype does.
      await sniffedDatatype(found, store);
      await applyDatatype(found, found.extension, store);
      found.updateTime = new Date();
      await em.flush();
      await touchHistory(em, found.history.id);
      return found;
    });
  }

  async delete(ctx: ServiceContext, encodedHistoryId: string, encodedId: string, purge: boolean): Promise<HistoryDatasetAssociation> {
    const { hda, orphans } = await ctx.em.transactional(async (em) => {
      const found = await this.ownedInHistory(ctx, encodedHistoryId, encodedId);
      found.deleted = true;
      const purged = purge && !found.purged ? await purgeHdas(em, [found]) : [];
      await em.flush();
      await touchHistory(em, found.history.id);
      if (found.history.user) await recalculateDiskUsage(em, found.history.user.id);
      return { hda: found, orphans: purged };
    });
    await removeFiles(ctx.services.layout.objects, orphans);
    return hda;
  }

  private async ownedInHistory(ctx: ServiceContext, encodedHistoryId: string, encodedId: string): Promise<HistoryDatasetAssociation> {
    const history: History = await this.histories.findOwned(ctx, encodedHistoryId);
    const hda = await this.find(ctx, encodedId);
    if (hda.history.id !== history.id) throw errors.notFound(`No dataset ${encodedId} in history ${encodedHistoryId}`);
    return hda;
  }
}

/**
 * A history dataset row as an entity object the EntityManager does not manage (see `readableRows`);
 * the datasets of one history share its object (thousands of a mapped list are mostly of one).
 */
function unmanagedHda(row: Record<string, unknown>, histories: Map<number, History>): HistoryDatasetAssociation {
  const historyId = Number(row.history_id);
  let history = histories.get(historyId);
  if (!history) {
    history = Object.assign(new History(), {
      id: historyId,
      user: row.user_id === null ? null : Object.assign(new User(), { id: Number(row.user_id) }),
      published: Boolean(row.published),
      importable: Boolean(row.importable),
    });
    histories.set(historyId, history);
  }
  const dataset = Object.assign(new Dataset(), {
    id: Number(row.dataset_id),
    state: row.dataset_state as Dataset['state'],
    purged: Boolean(row.dataset_purged),
    fileSize: row.file_size === null ? null : Number(row.file_size),
  });
  return Object.assign(new HistoryDatasetAssociation(), {
    id: Number(row.id),
    history,
    dataset,
    hid: Number(row.hid),
    name: String(row.name),
    info: (row.info as string | null) ?? null,
    blurb: (row.blurb as string | null) ?? null,
    peek: (row.peek as string | null) ?? null,
    extension: String(row.extension),
    dbkey: String(row.dbkey),
    metadata: (row.metadata as Record<string, unknown>) ?? {},
    visible: Boolean(row.visible),
    deleted: Boolean(row.deleted),
    purged: Boolean(row.purged),
  });
}

/** A read's rows, batch by batch, as views. */
async function* viewsInBatches<Row, View>(ctx: ServiceContext, read: HdaRead<Row, View>, options: BatchOptions): AsyncGenerator<View[], void, undefined> {
  for await (const rows of ctx.batches(read.statement, read.params, options)) yield rows.map(read.view);
}
