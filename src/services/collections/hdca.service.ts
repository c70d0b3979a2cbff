import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceContext } from '../../context/service-context';
import { DatasetCollection, HistoryDatasetCollectionAssociation } from '../../entities/dataset-collection.entity';
import type { HistoryDatasetAssociation } from '../../entities/hda.entity';
import type { History } from '../../entities/history.entity';
import { errors } from '../../errors/error-kinds';
import { stringAsBool } from '../../format/booleans';
import { copyHdas, copyLddaToHistory } from '../datasets';
import { allocateHids, touchHistory } from '../datasets';
import { mayReadHistory } from '../histories';
import { decodeId } from '../shared';
import { sanitizeText } from '../shared';
import { recalculateDiskUsage } from '../usage';
import type { BuildNode } from './collection-builder';
import { insertCollectionTree } from './collection-rows';
import { type ElementRequest, parseCollectionRequest } from './element-identifiers';
import { type HdcaInHistoryView, type HdcaView, loadHdcaViews, readHdca } from './hdca-view';
import type { HdaService } from '../datasets';
import type { HistoryService } from '../histories';
import type { LibraryDatasetLookup } from '../datasets';

/** What `POST /api/histories/{id}/contents` with `type=dataset_collection` asks for. */
export interface NewCollectionInput {
  collectionType?: unknown;
  elementIdentifiers?: unknown;
  name?: string | null;
  copyElements?: boolean | null;
}

export interface CollectionFilter {
  deleted?: boolean | null;
  visible?: boolean | null;
}

/** Collections deeper than this are refused: the REST documents select a fixed depth of nesting. */
export const MAX_COLLECTION_RANKS = 4;

const notFound = (encodedId: string) => errors.notFound(`No HistoryDatasetCollectionAssociation found with id: ${encodedId}`);

/** History dataset collections: create (from datasets or as a copy), list, show, change, delete. */
export class HdcaService {
  constructor(private readonly hdas: HdaService, private readonly histories: HistoryService, private readonly libraryDatasets: LibraryDatasetLookup) {}

  async contents(ctx: ServiceContext, encodedHistoryId: string, filter: CollectionFilter): Promise<HdcaView[]> {
    const history = await this.histories.readable(ctx, encodedHistoryId);
    return loadHdcaViews(ctx, { historyIds: [history.id], deleted: filter.deleted, visible: filter.visible });
  }

  /** A collection of a readable history, checking that it belongs to that history. */
  async showInHistory(ctx: ServiceContext, encodedHistoryId: string, encodedId: string): Promise<HdcaView> {
    const history = await this.histories.readable(ctx, encodedHistoryId);
    const hdca = await readHdca(ctx, decodeId(ctx, encodedId));
    if (!hdca) throw notFound(encodedId);
    if (hdca.history.id !== history.id) throw errors.notFound(`No dataset collection ${encodedId} in history ${encodedHistoryId}`);
    return hdca;
  }

  /** Any history collection the caller may read (`GET /api/dataset_collections/{id}`). */
  async readable(ctx: ServiceContext, encodedId: string): Promise<HdcaInHistoryView> {
    const hdca = await readHdca(ctx, decodeId(ctx, encodedId));
    if (!hdca) throw notFound(encodedId);
    if (!mayReadHistory(ctx.caller, hdca.history)) throw errors.notAccessible('History dataset collection is not accessible by the current user');
    return hdca;
  }

  /** `GET /api/dataset_collections/{id}`: history instances only (library collections are shown in their folders). */
  async readableInstance(ctx: ServiceContext, encodedId: string, instanceType: string): Promise<HdcaInHistoryView> {
    if (instanceType !== 'history') throw errors.invalid(`Unsupported instance_type: ${instanceType}; use 'history'.`);
    return this.readable(ctx, encodedId);
  }

  /**
   * Creates a collection in a history the caller owns. The description is checked whole before any
   * row is read or written; with `copyElements` the datasets are copied into the history (hidden).
   */
  async create(ctx: ServiceContext, encodedHistoryId: string, input: NewCollectionInput): Promise<HdcaView> {
    const request = parseCollectionRequest(input.collectionType, input.elementIdentifiers);
    if (request.collectionType.split(':').length > MAX_COLLECTION_RANKS) throw errors.invalid(`Collections nest at most ${MAX_COLLECTION_RANKS} ranks deep.`);
    const id = await ctx.em.transactional(async (em) => {
      const history = await this.histories.findOwned(ctx, encodedHistoryId);
      if (history.deleted) throw errors.invalidAttribute('Cannot add a collection to a deleted history.');
      // Every history dataset named is read and checked at once; copies (when all are history
      // datasets or collections) are written at once too, taking hids in the order of the elements.
      const references = referencesOf(request.elements);
      const copy = input.copyElements ?? false;
      const datasetIds = references.filter((ref) => ref.src === 'hda').map((ref) => ref.id);
      // Elements that only refer to the datasets need no managed entities: read once and checked, then
      // written by id (insertCollectionTree); unmanaged, they cost the unit of work's flushes nothing.
      const preloaded = copy ? await this.hdas.findReadableMany(ctx, datasetIds) : await this.hdas.readableRows(ctx, datasetIds);
      const copyAtOnce = copy && references.every((ref) => ref.src === 'hda' || ref.src === 'hdca');
      const resolved = await this.resolve(ctx, history, request.elements, copy && !copyAtOnce, preloaded);
      const nodes = copyAtOnce ? await copyNodeDatasets(em, history, resolved) : resolved;
      // Flushed first: copies and imports the elements point at get their ids.
      await em.flush();
      const collection = await insertCollectionTree(em, request.collectionType, nodes);
      const hdca = await this.place(ctx, history, collection, sanitizeText(input.name ?? '') || 'Unnamed Collection');
      if (history.user) await recalculateDiskUsage(em, history.user.id);
      return hdca.id;
    });
    return this.reread(ctx, id);
  }

  /** Copies a readable collection into a history the caller owns (`source=hdca`): the elements are shared. */
  async copy(ctx: ServiceContext, encodedHistoryId: string, encodedSourceId: string | null | undefined): Promise<HdcaView> {
    if (!encodedSourceId) throw errors.missing("'content' id of the dataset collection to copy is missing");
    const id = await ctx.em.transactional(async (em) => {
      const history = await this.histories.findOwned(ctx, encodedHistoryId);
      const source = await this.readable(ctx, encodedSourceId);
      const hdca = await this.place(ctx, history, em.getReference(DatasetCollection, source.collection.id), source.name, source.id);
      return hdca.id;
    });
    return this.reread(ctx, id);
  }

  /** Changes name, visibility and deletion (the platform's editable keys); other keys are ignored. */
  async update(ctx: ServiceContext, encodedHistoryId: string, encodedId: string, changes: Record<string, unknown>): Promise<HdcaView> {
    await ctx.em.transactional(async (em) => {
      const hdca = await this.ownedInHistory(ctx, encodedHistoryId, encodedId);
      if ('name' in changes) {
        if (typeof changes.name !== 'string') throw errors.invalidAttribute(`name must be a string: ${JSON.stringify(changes.name)}`);
        hdca.name = sanitizeText(changes.name);
      }
      for (const flag of ['visible', 'deleted'] as const) {
        if (!(flag in changes)) continue;
        const value = changes[flag];
        if (typeof value !== 'boolean' && typeof value !== 'string') throw errors.invalidAttribute(`${flag} must be a boolean: ${JSON.stringify(value)}`);
        hdca[flag] = typeof value === 'boolean' ? value : stringAsBool(value);
      }
      hdca.updateTime = new Date();
      await em.flush();
      await touchHistory(em, hdca.history.id);
    });
    return this.showInHistory(ctx, encodedHistoryId, encodedId);
  }

  async delete(ctx: ServiceContext, encodedHistoryId: string, encodedId: string): Promise<HdcaView> {
    await ctx.em.transactional(async (em) => {
      const hdca = await this.ownedInHistory(ctx, encodedHistoryId, encodedId);
      hdca.deleted = true;
      hdca.updateTime = new Date();
      await em.flush();
      await touchHistory(em, hdca.history.id);
    });
    return this.showInHistory(ctx, encodedHistoryId, encodedId);
  }

  /** Places a collection in a history with the next hid (flushes). */
  async place(ctx: ServiceContext, history: History, collection: DatasetCollection, name: string, copiedFromId: number | null = null, implicitOutputName: string | null = null) {
    const em = ctx.em;
    await em.flush();
    const hid = await allocateHids(em, history.id, 1);
    const hdca = em.create(HistoryDatasetCollectionAssociation, { history, collection, hid, name, copiedFromId, implicitOutputName });
    await em.flush();
    return hdca;
  }

  /** Reads a collection just written, through the read model (the caller's access was checked when writing). */
  private async reread(ctx: ServiceContext, id: number): Promise<HdcaView> {
    const hdca = await readHdca(ctx, id);
    if (!hdca) throw new Error(`collection ${id} vanished after it was written`);
    return hdca;
  }

  /** The requested elements as rows to write: datasets checked readable, library ones imported, collections found. */
  private async resolve(
    ctx: ServiceContext,
    history: History,
    elements: readonly ElementRequest[],
    copy: boolean,
    preloaded: ReadonlyMap<string, HistoryDatasetAssociation> = new Map(),
  ): Promise<BuildNode[]> {
    const nodes: BuildNode[] = [];
    for (const element of elements) {
      if (element.kind === 'new_collection') {
        nodes.push({ identifier: element.identifier, collectionType: element.collectionType, children: await this.resolve(ctx, history, element.elements, copy, preloaded) });
      } else if (element.src === 'hdca') {
        const hdca = await this.readable(ctx, element.id);
        nodes.push({ identifier: element.identifier, collection: ctx.em.getReference(DatasetCollection, hdca.collection.id) });
      } else {
        nodes.push({ identifier: element.identifier, hda: await this.datasetFor(ctx, history, element.src, element.id, copy, preloaded) });
      }
    }
    return nodes;
  }

  /** A history dataset for an element: the readable one named, its hidden copy, or an imported library version. */
  private async datasetFor(
    ctx: ServiceContext,
    history: History,
    src: 'hda' | 'ldda' | 'ld',
    encodedId: string,
    copy: boolean,
    preloaded: ReadonlyMap<string, HistoryDatasetAssociation>,
  ): Promise<HistoryDatasetAssociation> {
    if (src === 'hda') {
      const hda = preloaded.get(encodedId) ?? (await this.hdas.findReadable(ctx, encodedId));
      if (!copy) return hda;
      const [copied] = await copyHdas(ctx.em, history, [hda]);
      copied.visible = false;
      return copied;
    }
    const version = await this.libraryDatasets.findAccessibleVersion(ctx, src, encodedId);
    const imported = await copyLddaToHistory(ctx.em, history, version);
    imported.visible = false;
    return imported;
  }

  private async ownedInHistory(ctx: ServiceContext, encodedHistoryId: string, encodedId: string): Promise<HistoryDatasetCollectionAssociation> {
    const history = await this.histories.findOwned(ctx, encodedHistoryId);
    const hdca = await ctx.em.findOne(HistoryDatasetCollectionAssociation, { id: decodeId(ctx, encodedId) });
    if (!hdca) throw notFound(encodedId);
    if (hdca.history.id !== history.id) throw errors.notFound(`No dataset collection ${encodedId} in history ${encodedHistoryId}`);
    return hdca;
  }
}

/** The references of a collection request, depth first (the order its elements are written in). */
function referencesOf(elements: readonly ElementRequest[]): Array<Extract<ElementRequest, { kind: 'reference' }>> {
  return elements.flatMap((element) => (element.kind === 'new_collection' ? referencesOf(element.elements) : [element]));
}

/** The nodes with their history datasets copied into the history (hidden), in one hid allocation and one flush. */
async function copyNodeDatasets(em: EntityManager, history: History, nodes: readonly BuildNode[]): Promise<BuildNode[]> {
  const sources: HistoryDatasetAssociation[] = [];
  const collect = (list: readonly BuildNode[]): void => {
    for (const node of list) {
      if ('hda' in node) sources.push(node.hda);
      else if ('children' in node) collect(node.children);
    }
  };
  collect(nodes);
  const copies = await copyHdas(em, history, sources);
  for (const copied of copies) copied.visible = false;
  let next = 0;
  const replace = (list: readonly BuildNode[]): BuildNode[] =>
    list.map((node) => {
      if ('hda' in node) return { identifier: node.identifier, hda: copies[next++] };
      if ('children' in node) return { identifier: node.identifier, collectionType: node.collectionType, children: replace(node.children) };
      return node;
    });
  return replace(nodes);
}
