import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../../context/service-context';
import type { StepConnection } from '../../../entities/workflow.entity';
import { errors } from '../../../errors/error-kinds';
import { decodeId } from '../../shared';
import type { StepDescription, WorkflowDescription } from '../ga-format';
import { dataInputNames, defaultToolState } from '../tool-state';
import { storeNewWorkflow } from '../workflow-store';
import type { WorkflowView } from '../workflow-view';
import { containingCollections, type ExtractedJob, extractedJobs, pickedCollections, pickedDatasets } from './extraction-reads';
import type { HistoryService } from '../../histories';
import type { ToolCatalogService } from '../../tools';
import type { WorkflowService } from '../workflow.service';
import type { TagService } from '../../tags';

export interface ExtractionInput {
  fromHistoryId: string;
  /** Encoded job ids (a list, or its JSON text). */
  jobIds?: unknown;
  /** Hids of the datasets and collections that become inputs (lists, or their JSON text). */
  datasetIds?: unknown;
  datasetCollectionIds?: unknown;
  workflowName?: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list given as itself, as JSON text, or as comma-separated text. */
function listOf(value: unknown, what: string): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'number') return [value];
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown;
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return value.split(',').map((item) => item.trim()).filter(Boolean);
    }
  }
  throw errors.invalid(`${what} must be a list.`);
}

const hidsOf = (value: unknown, what: string) =>
  listOf(value, what).map((item) => {
    const hid = Number(item);
    if (!Number.isInteger(hid) || hid < 1) throw errors.invalid(`${what} must list history item numbers (hids): ${String(item)}`);
    return hid;
  });

/** A data reference or a list of them (a job's dataset parameters, left to connections). */
const isDataValue = (value: unknown): boolean =>
  (isRecord(value) && (('src' in value && 'id' in value) || 'elements' in value)) || (Array.isArray(value) && value.length > 0 && value.every(isDataValue));

/**
 * A workflow made from what a history shows (the platform's extraction): picked datasets and
 * collections become input steps, picked jobs tool steps with their parameters, and each job input
 * is connected to the input step or the earlier step that produced it. Jobs mapped over a
 * collection (one job named per mapping) become steps connected to the collection.
 */
export class WorkflowExtractionService {
  constructor(private readonly histories: HistoryService, private readonly tools: ToolCatalogService, private readonly workflows: WorkflowService, private readonly tags: TagService) {}

  async extract(ctx: ServiceContext, input: ExtractionInput): Promise<WorkflowView> {
    const user = ctx.caller.requireUser();
    if (!input.workflowName) throw errors.missing("Missing required parameter 'workflow_name'.");
    const history = await this.histories.findReadable(ctx, input.fromHistoryId);
    const jobIds = listOf(input.jobIds, 'job_ids').map((id) => decodeId(ctx, String(id)));
    const [datasets, collections, jobs] = await Promise.all([
      pickedDatasets(ctx, history.id, hidsOf(input.datasetIds, 'dataset_ids')),
      pickedCollections(ctx, history.id, hidsOf(input.datasetCollectionIds, 'dataset_collection_ids')),
      extractedJobs(ctx, jobIds),
    ]);
    if (jobs.length !== new Set(jobIds).size) throw errors.notFound('No such job.');
    for (const job of jobs) if (!ctx.caller.isAdmin && job.userId !== user.id) throw errors.notAccessible('Job is not owned by the current user.');

    const steps: StepDescription[] = [];
    const fromInput = new Map<number, number>();
    const fromCollectionInput = new Map<number, number>();
    for (const dataset of datasets) {
      fromInput.set(dataset.datasetId, steps.length);
      steps.push(inputStep(steps.length, 'data_input', { name: dataset.name }));
    }
    for (const collection of collections) {
      for (const datasetId of collection.leafDatasetIds) fromCollectionInput.set(datasetId, steps.length);
      steps.push(inputStep(steps.length, 'data_collection_input', { name: collection.name, collection_type: collection.collectionType }));
    }

    // Jobs of one mapping (their outputs gathered in one collection of this history) make one step.
    const outputIds = jobs.flatMap((job) => job.outputs.map((output) => output.datasetId));
    const inputIds = jobs.flatMap((job) => job.inputs.map((link) => link.datasetId));
    const holder = await containingCollections(ctx, history.id, [...outputIds, ...inputIds]);
    const producedBy = new Map<number, StepConnection>();
    const producedIn = new Map<number, StepConnection>();
    const seenGroups = new Set<string>();
    for (const job of jobs) {
      const first = job.outputs[0];
      const group = first && holder.has(first.datasetId) ? `hdca:${holder.get(first.datasetId)}` : `job:${job.id}`;
      if (seenGroups.has(group)) continue;
      seenGroups.add(group);
      const index = steps.length;
      const connect = (datasetId: number): StepConnection | null => {
        const input = fromInput.get(datasetId) ?? fromCollectionInput.get(datasetId);
        if (input !== undefined) return { stepIndex: input, outputName: 'output' };
        const hdca = holder.get(datasetId);
        return producedBy.get(datasetId) ?? (hdca !== undefined ? producedIn.get(hdca) ?? null : null);
      };
      steps.push(this.toolStep(ctx, index, job, connect));
      for (const output of job.outputs) {
        producedBy.set(output.datasetId, { stepIndex: index, outputName: output.name });
        const hdca = holder.get(output.datasetId);
        if (hdca !== undefined) producedIn.set(hdca, { stepIndex: index, outputName: output.name });
      }
    }

    const description: WorkflowDescription = { name: input.workflowName, annotation: null, uuid: null, tags: [], steps, hasCycles: false };
    const id = await ctx.em.transactional(async () => (await storeNewWorkflow(ctx, this.tags, user.id, description, { name: input.workflowName as string })).id);
    return this.workflows.reread(ctx, id);
  }

  /** A job as a tool step: its non-data parameters as the step's state, its inputs as connections. */
  private toolStep(ctx: ServiceContext, index: number, job: ExtractedJob, connect: (datasetId: number) => StepConnection | null): StepDescription {
    const tool = this.tools.registry.get(job.toolId);
    const given = Object.fromEntries(Object.entries(job.params).filter(([, value]) => !isDataValue(value)));
    const toolInputs = tool ? defaultToolState(tool, given) : given;
    const collectionParams = tool ? dataInputNames(tool).filter((param) => param.collection).map((param) => param.name) : [];
    const connections: Record<string, StepConnection[]> = {};
    for (const link of job.inputs) {
      // The datasets of a collection parameter are named `<param>|<identifier>`: they connect the parameter.
      const collectionParam = collectionParams.find((name) => link.name.replace(/_\d+\|/g, '_0|').startsWith(`${name}|`));
      const inputName = collectionParam ? link.name.split('|').slice(0, collectionParam.split('|').length).join('|') : link.name;
      const source = connect(link.datasetId);
      if (!source || connections[inputName]?.some((known) => known.stepIndex === source.stepIndex && known.outputName === source.outputName)) continue;
      (connections[inputName] ??= []).push(source);
    }
    return {
      orderIndex: index,
      type: 'tool',
      toolId: job.toolId,
      toolVersion: job.toolVersion,
      toolInputs,
      label: null,
      uuid: randomUUID(),
      annotation: null,
      position: { left: 10 + 220 * index, top: 10 },
      inputConnections: connections,
      postJobActions: [],
      workflowOutputs: [],
    };
  }
}

function inputStep(index: number, type: 'data_input' | 'data_collection_input', toolInputs: Record<string, unknown>): StepDescription {
  return {
    orderIndex: index,
    type,
    toolId: null,
    toolVersion: null,
    toolInputs,
    label: null,
    uuid: randomUUID(),
    annotation: null,
    position: { left: 10, top: 10 + 100 * index },
    inputConnections: {},
    postJobActions: [],
    workflowOutputs: [],
  };
}
