import { randomUUID } from 'node:crypto';
import type { PostJobActionSpec, StepConnection, WorkflowOutputSpec, WorkflowStepType } from '../../entities/workflow.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { decodeToolState, ToolStateError } from './tool-state';

/** One step of a workflow as it will be stored (order indexes final, connections by order index). */
export interface StepDescription {
  orderIndex: number;
  type: WorkflowStepType;
  toolId: string | null;
  toolVersion: string | null;
  toolInputs: Record<string, unknown>;
  label: string | null;
  uuid: string;
  annotation: string | null;
  position: Record<string, unknown> | null;
  inputConnections: Record<string, StepConnection[]>;
  postJobActions: PostJobActionSpec[];
  workflowOutputs: WorkflowOutputSpec[];
}

/** A workflow read from the platform's `.ga` JSON (format-version 0.1). */
export interface WorkflowDescription {
  name: string;
  annotation: string | null;
  uuid: string | null;
  tags: string[];
  steps: StepDescription[];
  hasCycles: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STEP_TYPES: readonly string[] = ['data_input', 'data_collection_input', 'tool'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

interface RawStep {
  externalId: string;
  dict: Record<string, unknown>;
  /** Input name -> external ids and output names it reads. */
  connections: Record<string, Array<{ externalId: string; outputName: string }>>;
}

/** `workflow` of a request: an object, or its JSON text (form posts). */
export function workflowDict(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      throw errors.invalid('The workflow description is not valid JSON.');
    }
  }
  if (!isRecord(parsed)) throw errors.invalid('The workflow description must be a JSON object.');
  return parsed;
}

/**
 * Reads a `.ga` dictionary: steps keyed by their id, `tool_state` as JSON text, `input_connections`
 * (one `{id, output_name}` or a list of them), `post_job_actions`, `workflow_outputs`, `uuid`s and
 * labels (each unique). Steps are numbered in dependency order, ties by their given id, as the
 * platform orders them; a workflow with a cycle keeps its given order and is marked.
 */
export function parseGaWorkflow(dict: Record<string, unknown>): WorkflowDescription {
  const rawSteps = readSteps(dict.steps);
  const { order, hasCycles } = orderSteps(rawSteps);
  const indexOf = new Map(order.map((step, index) => [step.externalId, index]));
  const uuids = new Set<string>();
  const labels = new Set<string>();
  const steps = order.map((raw, orderIndex): StepDescription => {
    const step = describeStep(raw, orderIndex, indexOf);
    if (uuids.has(step.uuid)) throw new AppError('DuplicatedIdentifierException', 'Duplicate step UUID in request.');
    uuids.add(step.uuid);
    if (step.label !== null) {
      if (labels.has(step.label)) throw new AppError('DuplicatedIdentifierException', 'Duplicated step label in request.');
      labels.add(step.label);
    }
    return step;
  });
  const uuid = text(dict.uuid);
  if (uuid !== null && !UUID.test(uuid)) throw errors.invalid(`Invalid workflow uuid: ${uuid}`);
  return {
    name: text(dict.name) ?? 'Unnamed workflow',
    annotation: text(dict.annotation),
    uuid: uuid?.toLowerCase() ?? null,
    tags: Array.isArray(dict.tags) ? dict.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    steps,
    hasCycles,
  };
}

function readSteps(value: unknown): RawStep[] {
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((step, index) => [String(isRecord(step) && step.id !== undefined ? step.id : index), step])
    : isRecord(value)
      ? Object.entries(value)
      : [];
  if (value !== undefined && value !== null && !Array.isArray(value) && !isRecord(value)) throw errors.invalid('The workflow steps must be an object keyed by step id.');
  const steps = entries.map(([key, dict]): RawStep => {
    if (!isRecord(dict)) throw errors.invalid(`Step ${key} must be an object.`);
    return { externalId: key, dict, connections: readConnections(key, dict.input_connections) };
  });
  const known = new Set(steps.map((step) => step.externalId));
  for (const step of steps) {
    for (const [input, sources] of Object.entries(step.connections)) {
      for (const source of sources) if (!known.has(source.externalId)) throw errors.invalid(`Step ${step.externalId} connects ${input} to an unknown step ${source.externalId}.`);
    }
  }
  return steps;
}

function readConnections(stepKey: string, value: unknown): RawStep['connections'] {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw errors.invalid(`input_connections of step ${stepKey} must be an object.`);
  const connections: RawStep['connections'] = {};
  for (const [input, given] of Object.entries(value)) {
    const list = Array.isArray(given) ? given : [given];
    connections[input] = list.map((item) => {
      const id = isRecord(item) ? text(item.id) : null;
      if (id === null) throw errors.invalid(`Connection ${input} of step ${stepKey} names no step id.`);
      return { externalId: id, outputName: text((item as Record<string, unknown>).output_name) ?? 'output' };
    });
  }
  return connections;
}

/** Kahn's order, ties broken by the given id (numeric when it is a number). */
function orderSteps(steps: RawStep[]): { order: RawStep[]; hasCycles: boolean } {
  const byKey = (a: RawStep, b: RawStep) => {
    const [x, y] = [Number(a.externalId), Number(b.externalId)];
    return Number.isFinite(x) && Number.isFinite(y) ? x - y : a.externalId.localeCompare(b.externalId);
  };
  const pending = new Map(steps.map((step) => [step.externalId, new Set(Object.values(step.connections).flat().map((source) => source.externalId))]));
  const order: RawStep[] = [];
  const remaining = [...steps].sort(byKey);
  while (remaining.length > 0) {
    const next = remaining.find((step) => [...(pending.get(step.externalId) ?? [])].every((dep) => order.some((done) => done.externalId === dep)));
    if (!next) return { order: [...order, ...remaining], hasCycles: true };
    order.push(next);
    remaining.splice(remaining.indexOf(next), 1);
  }
  return { order, hasCycles: false };
}

function describeStep(raw: RawStep, orderIndex: number, indexOf: Map<string, number>): StepDescription {
  const { dict } = raw;
  const type = text(dict.type) ?? 'tool';
  if (!STEP_TYPES.includes(type)) throw errors.invalid(`Unknown step type '${type}' in step ${raw.externalId}.`);
  let toolInputs: Record<string, unknown>;
  try {
    toolInputs = decodeToolState(dict.tool_state);
  } catch (error) {
    if (error instanceof ToolStateError) throw errors.invalid(`Step ${raw.externalId}: ${error.message}.`);
    throw error;
  }
  if (type !== 'tool') {
    // The input's name: its state, else the runtime input name, else the platform's default.
    const runtimeInput = Array.isArray(dict.inputs) && isRecord(dict.inputs[0]) ? text(dict.inputs[0].name) : null;
    toolInputs = { ...toolInputs, name: text(toolInputs.name) ?? runtimeInput ?? (type === 'data_input' ? 'Input Dataset' : 'Input Dataset Collection') };
    if (type === 'data_collection_input') toolInputs.collection_type = text(toolInputs.collection_type) ?? 'list';
  }
  const uuid = text(dict.uuid);
  if (uuid !== null && !UUID.test(uuid)) throw errors.invalid(`Invalid uuid of step ${raw.externalId}: ${uuid}`);
  const label = text(dict.label);
  const inputConnections: Record<string, StepConnection[]> = {};
  for (const [input, sources] of Object.entries(raw.connections)) {
    inputConnections[input] = sources.map((source) => ({ stepIndex: indexOf.get(source.externalId) ?? -1, outputName: source.outputName }));
  }
  const toolId = type === 'tool' ? text(dict.tool_id) : null;
  if (type === 'tool' && !toolId) throw errors.invalid(`Tool step ${raw.externalId} names no tool_id.`);
  return {
    orderIndex,
    type: type as WorkflowStepType,
    toolId,
    toolVersion: type === 'tool' ? text(dict.tool_version) : null,
    toolInputs,
    label: label === null || label === '' ? null : label,
    uuid: (uuid ?? randomUUID()).toLowerCase(),
    annotation: text(dict.annotation),
    position: isRecord(dict.position) ? dict.position : null,
    inputConnections,
    postJobActions: readPostJobActions(raw.externalId, dict.post_job_actions),
    workflowOutputs: readWorkflowOutputs(dict.workflow_outputs),
  };
}

function readPostJobActions(stepKey: string, value: unknown): PostJobActionSpec[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : null;
  if (!list) throw errors.invalid(`post_job_actions of step ${stepKey} must be an object.`);
  return list.map((item) => {
    if (!isRecord(item) || !text(item.action_type)) throw errors.invalid(`A post job action of step ${stepKey} has no action_type.`);
    return {
      actionType: text(item.action_type) as string,
      outputName: text(item.output_name) ?? '',
      arguments: isRecord(item.action_arguments) ? item.action_arguments : {},
    };
  });
}

function readWorkflowOutputs(value: unknown): WorkflowOutputSpec[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): WorkflowOutputSpec[] => {
    // Old exports list output names as plain strings.
    if (typeof item === 'string') return [{ outputName: item, label: null, uuid: null }];
    if (!isRecord(item) || !text(item.output_name)) return [];
    return [{ outputName: text(item.output_name) as string, label: text(item.label), uuid: text(item.uuid) }];
  });
}
