import { rm } from 'node:fs/promises';
import type { ServiceContext } from '../../context/service-context';
import { HistoryDatasetAssociation } from '../../entities/hda.entity';
import type { History } from '../../entities/history.entity';
import { JobInputDataset, JobOutputDataset } from '../../entities/job-dataset.entity';
import { Job, type JobParams } from '../../entities/job.entity';
import { loadDatatypesRegistry } from '../../datatypes';
import { AppError, errors } from '../../errors/error-kinds';
import { UPLOAD_ITEMS_PARAM } from '../../jobs/upload-run';
import {
  buildParamState,
  type CollectionValue,
  type DatasetLike,
  flattenParams,
  type MetadataValue,
  type ParamState,
  resolveOutputFormats,
  ToolParameterError,
  type ToolDefinition,
} from '../../tools';
import { buildCollection, type BuildNode } from '../collections';
import { insertFlatCollection } from '../collections';
import { type ElementView, leavesOf, loadElementTrees } from '../collections';
import type { HdcaView } from '../collections';
import { copyLddaToHistory, createHdas, type NewHdaFields } from '../datasets';
import { quotaPercent } from '../quotas';
import { recalculateDiskUsage } from '../usage';
import { quotaLimitByUserId } from '../users';
import { type BatchPlan, planBatch } from './batch-runs';
import { insertJobs, PAUSED_OVER_QUOTA, type PlannedJob } from './job-rows';
import { outputName } from './output-naming';
import { type LocalFileUpload, storeUpload } from './store-upload';
import { planUploads, type StoredUpload } from './upload-items';
import { applyRemap, planRemap } from './rerun-remap';
import { requireReadableElements } from '../collections';
import type { HdaService } from '../datasets';
import type { HdcaService } from '../collections';
import type { HistoryService } from '../histories';
import type { JobEngine } from '../../jobs/job-engine';
import type { LibraryDatasetLookup } from '../datasets';
import type { ToolCatalogService } from './tool-catalog.service';
import type { ToolDataService } from '../tool-data';
import type { UserService } from '../users';

export interface ToolRunRequest {
  toolId: string;
  historyId?: string | null;
  inputs: Record<string, unknown>;
  /** Files received with the request, by parameter name (`files_0|file_data`). */
  uploads?: Record<string, StoredUpload>;
  /** A failed job of a map over a collection whose elements this run replaces (rerun-remap.ts). */
  remapJobId?: string | null;
}

export interface ToolRunResult {
  outputs: Array<{ name: string; dataset: HistoryDatasetAssociation }>;
  jobs: Job[];
  /** For a tool mapped over a collection: each output gathered into a collection of the same structure. */
  implicitCollections: Array<{ name: string; collection: HdcaView }>;
}

/** A dataset a job reads, under the name of the parameter that gave it. */
type InputHda = { name: string; hda: HistoryDatasetAssociation };

/** A file sent with a tool form, for an upload parameter such as `files_0|file_data`. */
export interface ToolFile {
  name: string;
  file: Promise<LocalFileUpload> | LocalFileUpload;
}

/** Turns a tool form into a queued job with its output datasets (`POST /api/tools`). */
export class ToolExecutionService {
  constructor(private readonly hdas: HdaService, private readonly hdcas: HdcaService, private readonly histories: HistoryService, private readonly jobEngine: JobEngine, private readonly libraryDatasets: LibraryDatasetLookup, private readonly toolData: ToolDataService, private readonly tools: ToolCatalogService, private readonly users: UserService) {}

  /**
   * Receives the request's files into the upload store, then runs the tool. When anything fails,
   * the files already received are removed (no job will read them).
   */
  async executeWithFiles(ctx: ServiceContext, request: Omit<ToolRunRequest, 'uploads'>, files: ToolFile[]): Promise<ToolRunResult> {
    const uploads: Record<string, StoredUpload> = {};
    try {
      for (const file of files) uploads[file.name] = await storeUpload(file.file, ctx.services.layout.uploadStore, ctx.services.config.maxUploadBytes);
      return await this.execute(ctx, { ...request, uploads });
    } catch (error) {
      await Promise.all(Object.values(uploads).map((upload) => rm(upload.path, { force: true })));
      throw error;
    }
  }

  async execute(ctx: ServiceContext, request: ToolRunRequest): Promise<ToolRunResult> {
    const tool = this.tools.find(request.toolId);
    const inputs: Record<string, unknown> = { ...request.inputs, ...(request.uploads ?? {}) };
    const result = await ctx.em.transactional(async () => {
      const history = await this.targetHistory(ctx, request.historyId);
      const remap = request.remapJobId ? await planRemap(ctx, request.remapJobId, tool.id, history.id) : null;
      const batch = tool.id === 'upload1' ? null : await planBatch(ctx, this.hdcas, inputs);
      if (batch && remap) throw errors.invalidAttribute('A run in batch cannot replace the element of a failed job: run it on the one dataset.');
      if (batch) return this.runBatch(ctx, tool, history, batch);
      const inputHdas: InputHda[] = [];
      const state = await this.buildState(ctx, tool, history, inputs, inputHdas);
      const paused = await this.overQuota(ctx);
      if (tool.id === 'upload1') return this.queueUpload(ctx, tool, history, state, inputs, paused);
      const queued = await this.queueTool(ctx, tool, history, state, inputHdas, paused);
      if (remap) await applyRemap(ctx, remap, queued.outputs);
      return queued;
    });
    this.jobEngine.notify();
    return result;
  }

  /**
   * One job per dataset of the batch (the platform's "map over"); over a collection, every output is
   * gathered into a new collection of the collection's structure, and the jobs' own outputs are hidden.
   * Written in sets: the batch's datasets are read and checked at once, every run's parameters are
   * checked before anything is written, then each chunk of `MAP_CHUNK` jobs takes its hids in one
   * statement and its rows (datasets, jobs, their links) in a few multi-row inserts (job-rows.ts).
   */
  private async runBatch(ctx: ServiceContext, tool: ToolDefinition, history: History, batch: BatchPlan): Promise<ToolRunResult> {
    const paused = await this.overQuota(ctx);
    const preloaded = await this.hdas.readableRows(ctx, batchDatasetIds(batch));
    const planned: PlannedJob[] = [];
    for (const run of batch.runs) {
      const inputHdas: InputHda[] = [];
      const state = await this.buildState(ctx, tool, history, run.inputs, inputHdas, preloaded);
      planned.push(this.planTool(ctx, tool, state, inputHdas, paused, batch.over === null));
    }
    const result: ToolRunResult = { outputs: [], jobs: [], implicitCollections: [] };
    const outputsByPath = new Map<string, Map<string, HistoryDatasetAssociation>>();
    for (let first = 0; first < planned.length; first += MAP_CHUNK) {
      const chunk = planned.slice(first, first + MAP_CHUNK);
      const written = await insertJobs(ctx.em, { userId: ctx.caller.user?.id ?? null, history, toolId: tool.id, toolVersion: tool.version, paused }, chunk);
      written.forEach(({ job, outputs }, index) => {
        const named = outputs.map((dataset, position) => ({ name: chunk[index].outputNames[position], dataset }));
        result.outputs.push(...named);
        result.jobs.push(job);
        outputsByPath.set(pathKey(batch.runs[first + index].path), new Map(named.map((output) => [output.name, output.dataset])));
      });
    }
    if (batch.over) {
      const { hdca, trees } = batch.over;
      for (const output of tool.outputs) {
        const nodes = gatherOutputs(trees, hdca.collection.id, [], (path) => outputsByPath.get(pathKey(path))?.get(output.name));
        // (the outputs are not managed by the EntityManager: nested collections refer to them by id)
        const collection =
          (await insertFlatCollection(ctx.em, hdca.collection.collectionType, nodes)) ?? buildCollection(ctx.em, hdca.collection.collectionType, referencedNodes(ctx, nodes));
        const placed = await this.hdcas.place(ctx, history, collection, `${tool.name} on collection ${hdca.hid}`, null, output.name);
        result.implicitCollections.push({ name: output.name, collection: await this.hdcas.showInHistory(ctx, ctx.services.ids.encode(history.id), ctx.services.ids.encode(placed.id)) });
      }
    }
    return result;
  }

  private async targetHistory(ctx: ServiceContext, encodedId: string | null | undefined): Promise<History> {
    if (encodedId) {
      const history = await this.histories.findOwned(ctx, encodedId);
      if (history.deleted) throw errors.invalidAttribute('Cannot run tools in a deleted history.');
      return history;
    }
    const current = await this.histories.current(ctx, true);
    if (!current) throw errors.authRequired();
    return current;
  }

  /** Parameters checked against the tool; every dataset must be readable by the caller. */
  private async buildState(
    ctx: ServiceContext,
    tool: ToolDefinition,
    history: History,
    inputs: Record<string, unknown>,
    used: InputHda[],
    preloaded: ReadonlyMap<string, HistoryDatasetAssociation> = new Map(),
  ): Promise<ParamState> {
    const registry = loadDatatypesRegistry();
    try {
      return await buildParamState(tool, inputs, {
        resolveCollection: (ref) => this.resolveCollection(ctx, ref.id, used),
        resolveDataset: async (ref): Promise<DatasetLike> => {
          const hda =
            ref.src === 'hda' ? (preloaded.get(ref.id) ?? (await this.hdas.findReadable(ctx, ref.id))) : await this.importLibraryInput(ctx, history, ref.src, ref.id);
          if (hda.purged) throw errors.invalidAttribute(`Dataset ${ref.id} has been purged.`);
          used.push({ name: '', hda });
          const id = ref.src === 'hda' ? ref.id : ctx.services.ids.encode(hda.id);
          return { id, path: '', ext: hda.extension, name: hda.name, metadata: hda.metadata as Record<string, MetadataValue>, hid: hda.hid, dbkey: hda.dbkey };
        },
        // `auto`: an upload whose type is sniffed when it runs; the job waits for it, as on the platform.
        acceptsFormat: (ext, formats) => ext === 'auto' || formats.length === 0 || formats.some((format) => format === 'data' || registry.isSubtypeOf(ext, format)),
        // Data table selects take a value the table holds now (the job later runs with it as given).
        selectOptions: this.toolData.selectOptions,
      });
    } catch (error) {
      if (error instanceof ToolParameterError) throw new AppError('RequestParameterInvalidException', error.message);
      throw error;
    }
  }

  /**
   * A collection input: the readable collection's tree (one statement), its datasets recorded as the
   * job's inputs so the job can read them.
   */
  private async resolveCollection(ctx: ServiceContext, encodedId: string, used: InputHda[]): Promise<CollectionValue> {
    const hdca = await this.hdcas.readable(ctx, encodedId);
    const trees = await loadElementTrees(ctx, [hdca.collection.id]);
    requireReadableElements(trees, hdca.collection.id);
    const leafIds = leavesOf(trees, hdca.collection.id).map((leaf) => leaf.hda.id);
    const entities = await ctx.em.find(HistoryDatasetAssociation, { id: { $in: leafIds } }, { populate: ['dataset'] });
    for (const hda of entities) {
      if (hda.purged) throw errors.invalidAttribute(`Dataset ${ctx.services.ids.encode(hda.id)} of the collection has been purged.`);
      used.push({ name: '', hda });
    }
    const valueOf = (collectionId: number, collectionType: string, ref: CollectionValue['ref']): CollectionValue => ({
      ref,
      collectionType,
      elements: (trees.get(collectionId) ?? []).map((element) => {
        if (element.child) return { identifier: element.identifier, collection: valueOf(element.child.id, element.child.collectionType, null) };
        const hda = element.hda;
        if (!hda) throw errors.invalid(`Element ${element.identifier} of the collection is not a history dataset.`);
        const id = ctx.services.ids.encode(hda.id);
        const dataset: DatasetLike = { id, path: '', ext: hda.extension, name: hda.name, metadata: hda.metadata as Record<string, MetadataValue>, hid: hda.hid, dbkey: hda.dbkey };
        return { identifier: element.identifier, dataset: { ref: { src: 'hda', id }, dataset } };
      }),
    });
    return valueOf(hdca.collection.id, hdca.collection.collectionType, { src: 'hdca', id: encodedId });
  }

  /**
   * A library dataset given as a tool input (`ld`: its current version, `ldda`: one version) is
   * imported into the target history first, as the platform does, so the job reads a history dataset.
   */
  private async importLibraryInput(ctx: ServiceContext, history: History, src: string, encodedId: string): Promise<HistoryDatasetAssociation> {
    if (src !== 'ld' && src !== 'ldda') throw new ToolParameterError('dataset', `Unknown dataset source '${src}': use hda, ld or ldda.`);
    const version = await this.libraryDatasets.findAccessibleVersion(ctx, src, encodedId);
    const copy = await copyLddaToHistory(ctx.em, history, version);
    if (history.user) await recalculateDiskUsage(ctx.em, history.user.id);
    return copy;
  }

  /** A user at or over their quota gets their job paused, as on the platform. */
  private async overQuota(ctx: ServiceContext): Promise<boolean> {
    if (!ctx.caller.user) return false;
    const user = await this.users.callerRecord(ctx);
    const limit = await ctx.loaders.get(quotaLimitByUserId).load(user.id);
    return limit !== null && (quotaPercent(user.totalDiskUsage, limit) ?? 0) >= 100;
  }

  private async queueTool(ctx: ServiceContext, tool: ToolDefinition, history: History, state: ParamState, inputHdas: InputHda[], paused: boolean): Promise<ToolRunResult> {
    const [queued] = await this.createJobs(ctx, tool, history, [this.planTool(ctx, tool, state, inputHdas, paused, true)], paused);
    return queued;
  }

  /** The rows one tool job will need: its parameters, its outputs' fields and names, its named inputs. */
  private planTool(ctx: ServiceContext, tool: ToolDefinition, state: ParamState, inputHdas: InputHda[], paused: boolean, visible: boolean): PlannedJob {
    const params = flattenParams(state);
    const formats = resolveOutputFormats(tool, state);
    const hids = inputHdas.map((input) => input.hda.hid);
    const inputNames = dataParamNames(params);
    const dbkey = inputHdas[0]?.hda.dbkey ?? '?';
    const outputFields: NewHdaFields[] = tool.outputs.map((output) => ({
      name: outputName(tool.name, output.label, hids),
      extension: formats[output.name] ?? 'data',
      dbkey,
      state: paused ? 'paused' : 'queued',
      visible: visible && !output.hidden,
    }));
    const inputs = inputHdas.map((input, i) => ({ name: inputNames.get(ctx.services.ids.encode(input.hda.id)) ?? `input${i}`, hda: input.hda }));
    return { params, outputFields, outputNames: tool.outputs.map((output) => output.name), inputs };
  }

  private async queueUpload(ctx: ServiceContext, tool: ToolDefinition, history: History, state: ParamState, inputs: Record<string, unknown>, paused: boolean): Promise<ToolRunResult> {
    const names: Record<number, string> = {};
    for (const [key, value] of Object.entries(inputs)) {
      const match = /^files_(\d+)\|NAME$/.exec(key);
      if (match && typeof value === 'string' && value.trim()) names[Number(match[1])] = value.trim();
    }
    const planned = planUploads(state, names);
    const dbkeyState = state.dbkey;
    const dbkey = dbkeyState && dbkeyState.type === 'text' && dbkeyState.value ? dbkeyState.value : '?';
    const params: JobParams = { ...flattenParams(state), [UPLOAD_ITEMS_PARAM]: planned.map(({ name: _name, ...item }) => item) };
    const fields: NewHdaFields[] = planned.map((item) => ({
      name: item.name,
      extension: item.fileType,
      dbkey,
      state: paused ? 'paused' : 'queued',
    }));
    const [queued] = await this.createJobs(ctx, tool, history, [{ params, outputFields: fields, outputNames: planned.map((item) => item.output), inputs: [] }], paused);
    return queued;
  }

  /**
   * Writes jobs with their outputs: the hids of all their outputs in one statement (consecutive, job
   * after job, as one job at a time would take them), then every row in one flush (multi-row inserts).
   */
  private async createJobs(ctx: ServiceContext, tool: ToolDefinition, history: History, planned: readonly PlannedJob[], paused: boolean): Promise<ToolRunResult[]> {
    const em = ctx.em;
    const hdas = await createHdas(em, history, planned.flatMap((job) => job.outputFields), { toolVersion: tool.version });
    let next = 0;
    const results = planned.map((one): ToolRunResult => {
      const outputs = hdas.slice(next, (next += one.outputFields.length));
      const job = em.create(Job, {
        user: ctx.userRef(),
        history,
        toolId: tool.id,
        toolVersion: tool.version,
        params: one.params,
        state: paused ? 'paused' : 'queued',
        info: paused ? PAUSED_OVER_QUOTA : null,
      });
      for (const input of one.inputs) em.create(JobInputDataset, { job, name: input.name, hda: input.hda });
      outputs.forEach((hda, index) => em.create(JobOutputDataset, { job, name: one.outputNames[index], hda }));
      return { outputs: outputs.map((hda, index) => ({ name: one.outputNames[index], dataset: hda })), jobs: [job], implicitCollections: [] };
    });
    await em.flush();
    return results;
  }
}

/** Jobs of a mapped run written per flush: bounded, so the unit of work and each statement stay small. */
const MAP_CHUNK = 1000;


/** The history datasets a batch's runs name directly (`{src: 'hda'}`), to read and check at once. */
function batchDatasetIds(batch: BatchPlan): string[] {
  const ids = new Set<string>();
  for (const run of batch.runs) {
    for (const value of Object.values(run.inputs)) {
      const ref = value as { src?: unknown; id?: unknown } | null;
      if (ref && typeof ref === 'object' && ref.src === 'hda' && typeof ref.id === 'string') ids.add(ref.id);
    }
  }
  return [...ids];
}

/**
 * Which flat parameter names hold which encoded dataset ids (input association names); the datasets
 * of a collection input are named after the parameter and their identifiers (`input1|forward`).
 */
function dataParamNames(params: JobParams): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (name: string, value: unknown): void => {
    if (Array.isArray(value)) return value.forEach((item) => visit(name, item));
    if (!value || typeof value !== 'object') return;
    const ref = value as { id?: unknown; elements?: unknown; identifier?: unknown; collection?: unknown };
    if (Array.isArray(ref.elements)) {
      for (const element of ref.elements as Array<{ identifier?: unknown; id?: unknown; collection?: unknown }>) {
        const elementName = `${name}|${String(element.identifier)}`;
        if (element.collection) visit(elementName, element.collection);
        else if (typeof element.id === 'string') names.set(element.id, elementName);
      }
      return;
    }
    if (typeof ref.id === 'string') names.set(ref.id, name);
  };
  for (const [name, value] of Object.entries(params)) visit(name, value);
  return names;
}

const pathKey = (path: readonly string[]) => path.join('\u0000');

/** Nodes whose datasets are references of the request's EntityManager (to write collections of them). */
function referencedNodes(ctx: ServiceContext, nodes: readonly BuildNode[]): BuildNode[] {
  return nodes.map((node) => {
    if ('hda' in node) return { identifier: node.identifier, hda: ctx.em.getReference(HistoryDatasetAssociation, node.hda.id) };
    if ('children' in node) return { identifier: node.identifier, collectionType: node.collectionType, children: referencedNodes(ctx, node.children) };
    return node;
  });
}

/** The outputs of a mapped run placed like the datasets they came from, ranks and identifiers kept. */
function gatherOutputs(
  trees: Map<number, ElementView[]>,
  collectionId: number,
  prefix: string[],
  outputAt: (path: string[]) => HistoryDatasetAssociation | undefined,
): BuildNode[] {
  return (trees.get(collectionId) ?? []).flatMap((element): BuildNode[] => {
    const path = [...prefix, element.identifier];
    if (element.child) return [{ identifier: element.identifier, collectionType: element.child.collectionType, children: gatherOutputs(trees, element.child.id, path, outputAt) }];
    const hda = outputAt(path);
    return hda ? [{ identifier: element.identifier, hda }] : [];
  });
}
