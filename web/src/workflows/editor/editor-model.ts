import type { ResultOf } from '../../graphql';
import type { EditorWorkflowQuery } from './editor-documents';

type StoredWorkflow = NonNullable<ResultOf<typeof EditorWorkflowQuery>['workflow']>;
type StoredStep = StoredWorkflow['steps'][number];

/** An input a connection may target. */
export interface StepInput {
  name: string;
  label: string;
  extensions: string[];
  /** dataset or dataset_collection */
  inputType: string;
  multiple: boolean;
  optional: boolean;
}

export interface StepOutput {
  name: string;
  extensions: string[];
  collectionType: string | null;
}

export interface Connection {
  stepKey: string;
  outputName: string;
}

export interface PostJobAction {
  actionType: string;
  outputName: string;
  arguments: Record<string, unknown>;
}

export interface WorkflowOutput {
  outputName: string;
  label: string | null;
  uuid: string | null;
}

/** A step on the canvas: what the stored step holds (kept as it is unless edited) and its handles. */
export interface EditorStep {
  key: string;
  type: string;
  toolId: string | null;
  toolVersion: string | null;
  /** What the step is called (the tool's name, or the platform's name of an input step). */
  name: string;
  /** The decoded state, as the graph stores it. */
  toolInputs: Record<string, unknown>;
  label: string | null;
  uuid: string;
  annotation: string | null;
  position: { left: number; top: number };
  /** Other position keys stored with it, kept. */
  positionExtra: Record<string, unknown>;
  inputs: StepInput[];
  /** The data inputs as the tool lists them (one of each inside a repeat, as `…_0|…`): what `inputs` is made from. */
  inputTemplates?: StepInput[];
  outputs: StepOutput[];
  connections: Record<string, Connection[]>;
  postJobActions: PostJobAction[];
  workflowOutputs: WorkflowOutput[];
  /** Why the step cannot run (an uninstalled tool), null when it can. */
  toolError: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

export const RUNTIME_VALUE = { __class__: 'RuntimeValue' } as const;
export const isRuntimeValue = (value: unknown): boolean => isRecord(value) && value.__class__ === 'RuntimeValue';

function positionOf(value: unknown, orderIndex: number): { position: EditorStep['position']; extra: Record<string, unknown> } {
  const given = isRecord(value) ? value : {};
  const { left, top, ...extra } = given;
  const number = (item: unknown, fallback: number) => (typeof item === 'number' && Number.isFinite(item) ? item : typeof item === 'string' && item.trim() !== '' && Number.isFinite(Number(item)) ? Number(item) : fallback);
  return { position: { left: number(left, 40 + orderIndex * 240), top: number(top, 40 + (orderIndex % 3) * 140) }, extra };
}

/** The steps of a stored workflow, with the handles of the editor style (`workflowDocument(style: "editor")`). */
export function editorSteps(workflow: StoredWorkflow, document: Record<string, unknown>): EditorStep[] {
  const documentSteps = isRecord(document.steps) ? document.steps : {};
  const steps = workflow.steps.map((stored: StoredStep): EditorStep => {
    const dict = isRecord(documentSteps[String(stored.orderIndex)]) ? (documentSteps[String(stored.orderIndex)] as Record<string, unknown>) : {};
    const { position, extra } = positionOf(stored.position, stored.orderIndex);
    const connections: Record<string, Connection[]> = {};
    for (const connection of stored.inputConnections) (connections[connection.inputName] ??= []).push({ stepKey: String(connection.stepIndex), outputName: connection.outputName });
    const inputs: StepInput[] = (Array.isArray(dict.data_inputs) ? dict.data_inputs : []).filter(isRecord).map((input) => ({
      name: String(input.name),
      label: String(input.label ?? input.name),
      extensions: strings(input.extensions),
      inputType: String(input.input_type ?? 'dataset'),
      multiple: input.multiple === true,
      optional: input.optional === true,
    }));
    const outputs: StepOutput[] = (Array.isArray(dict.data_outputs) ? dict.data_outputs : []).filter(isRecord).map((output) => ({
      name: String(output.name),
      extensions: strings(output.extensions),
      collectionType: typeof output.collection_type === 'string' ? output.collection_type : null,
    }));
    // A connection to an input the tool does not list (an uninstalled tool) keeps a handle of its own.
    for (const name of Object.keys(connections)) if (!inputs.some((input) => input.name === name)) inputs.push({ name, label: name, extensions: [], inputType: 'dataset', multiple: true, optional: true });
    return {
      key: String(stored.orderIndex),
      type: stored.type,
      toolId: stored.toolId,
      toolVersion: stored.toolVersion,
      name: typeof dict.name === 'string' && dict.name !== '' ? dict.name : (stored.toolId ?? stored.type),
      toolInputs: stored.toolInputs,
      label: stored.label,
      uuid: stored.uuid,
      annotation: stored.annotation,
      position,
      positionExtra: extra,
      inputs,
      outputs,
      connections,
      postJobActions: (Array.isArray(stored.postJobActions) ? stored.postJobActions : []).filter(isRecord).map((action) => ({
        actionType: String(action.actionType),
        outputName: String(action.outputName ?? ''),
        arguments: isRecord(action.arguments) ? action.arguments : {},
      })),
      workflowOutputs: (Array.isArray(stored.workflowOutputs) ? stored.workflowOutputs : []).filter(isRecord).map((output) => ({
        outputName: String(output.outputName),
        label: typeof output.label === 'string' ? output.label : null,
        uuid: typeof output.uuid === 'string' ? output.uuid : null,
      })),
      toolError: typeof dict.tool_errors === 'string' ? dict.tool_errors : null,
    };
  });
  // Outputs other steps read from a step that does not list them (an uninstalled tool) get handles too.
  const byKey = new Map(steps.map((step) => [step.key, step]));
  for (const step of steps) {
    for (const sources of Object.values(step.connections)) {
      for (const source of sources) {
        const from = byKey.get(source.stepKey);
        if (from && !from.outputs.some((output) => output.name === source.outputName)) from.outputs.push({ name: source.outputName, extensions: [], collectionType: null });
      }
    }
  }
  return steps.map((step) => withRepeatHandles(step));
}

/** A state in the `.ga` form: JSON text whose top-level values are JSON text (the server decodes each once). */
const encodeState = (state: Record<string, unknown>): string => JSON.stringify(Object.fromEntries(Object.entries(state).map(([key, value]) => [key, JSON.stringify(value)])));

/** The canvas as the `.ga` dictionary `updateWorkflow` stores as a new version. */
export function gaDictionary(name: string, steps: readonly EditorStep[]): Record<string, unknown> {
  const keys = new Set(steps.map((step) => step.key));
  return {
    a_galaxy_workflow: 'true',
    'format-version': '0.1',
    name,
    steps: Object.fromEntries(
      steps.map((step) => [
        step.key,
        {
          id: step.key,
          type: step.type,
          tool_id: step.toolId,
          tool_version: step.toolVersion,
          name: step.name,
          tool_state: encodeState(step.toolInputs),
          uuid: step.uuid,
          label: step.label,
          annotation: step.annotation,
          position: { ...step.positionExtra, left: Math.round(step.position.left), top: Math.round(step.position.top) },
          input_connections: Object.fromEntries(
            Object.entries(step.connections)
              .map(([input, sources]) => [input, sources.filter((source) => keys.has(source.stepKey)).map((source) => ({ id: source.stepKey, output_name: source.outputName }))] as const)
              .filter(([, sources]) => sources.length > 0),
          ),
          // A list keeps the stored order (an object's keys may be reordered on the way).
          post_job_actions: step.postJobActions.map((action) => ({ action_type: action.actionType, output_name: action.outputName, action_arguments: action.arguments })),
          workflow_outputs: step.workflowOutputs.map((output) => ({ output_name: output.outputName, label: output.label, uuid: output.uuid })),
        },
      ]),
    ),
  };
}

/** The step a tool model (`buildWorkflowModule`) describes, placed at the given position. */
export function toolStep(key: string, model: Record<string, unknown>, position: EditorStep['position']): EditorStep {
  const toolModel = isRecord(model.tool_model) ? model.tool_model : {};
  const rawState = typeof model.tool_state === 'string' ? (JSON.parse(model.tool_state) as Record<string, unknown>) : {};
  const toolInputs: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(rawState)) {
    if (name.startsWith('__')) continue;
    try {
      toolInputs[name] = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
    } catch {
      toolInputs[name] = value;
    }
  }
  return withRepeatHandles({
    key,
    type: 'tool',
    toolId: String(toolModel.id),
    toolVersion: typeof toolModel.version === 'string' ? toolModel.version : null,
    name: String(toolModel.name ?? toolModel.id),
    toolInputs,
    label: null,
    uuid: crypto.randomUUID(),
    annotation: null,
    position,
    positionExtra: {},
    inputs: (Array.isArray(model.data_inputs) ? model.data_inputs : []).filter(isRecord).map((input) => ({
      name: String(input.name),
      label: String(input.label ?? input.name),
      extensions: strings(input.extensions),
      inputType: String(input.input_type ?? 'dataset'),
      multiple: input.multiple === true,
      optional: input.optional === true,
    })),
    outputs: (Array.isArray(model.data_outputs) ? model.data_outputs : []).filter(isRecord).map((output) => ({ name: String(output.name), extensions: strings(output.extensions), collectionType: null })),
    connections: {},
    postJobActions: [],
    workflowOutputs: [],
    toolError: null,
  });
}

/** A new input dataset or input collection step. */
export function inputStep(key: string, kind: 'data_input' | 'data_collection_input', position: EditorStep['position']): EditorStep {
  const collection = kind === 'data_collection_input';
  return {
    key,
    type: kind,
    toolId: null,
    toolVersion: null,
    name: collection ? 'Input dataset collection' : 'Input dataset',
    toolInputs: collection ? { name: 'Input Dataset Collection', collection_type: 'list' } : { name: 'Input Dataset' },
    label: null,
    uuid: crypto.randomUUID(),
    annotation: null,
    position,
    positionExtra: {},
    inputs: [],
    outputs: [{ name: 'output', extensions: [collection ? 'input_collection' : 'input'], collectionType: collection ? 'list' : null }],
    connections: {},
    postJobActions: [],
    workflowOutputs: [],
    toolError: null,
  };
}

/** Steps without the given ones, and every connection from them removed. */
export function withoutSteps(steps: readonly EditorStep[], keys: ReadonlySet<string>): EditorStep[] {
  return steps
    .filter((step) => !keys.has(step.key))
    .map((step) => ({
      ...step,
      connections: Object.fromEntries(Object.entries(step.connections).map(([input, sources]) => [input, sources.filter((source) => !keys.has(source.stepKey))]).filter(([, sources]) => sources.length > 0)),
    }));
}

/** A layered layout: each step one column right of the steps it reads from. */
export function autoLayout(steps: readonly EditorStep[]): EditorStep[] {
  const byKey = new Map(steps.map((step) => [step.key, step]));
  const depth = new Map<string, number>();
  const depthOf = (key: string, seen: Set<string>): number => {
    const known = depth.get(key);
    if (known !== undefined) return known;
    if (seen.has(key)) return 0;
    seen.add(key);
    const step = byKey.get(key);
    const sources = step ? Object.values(step.connections).flat() : [];
    const value = sources.length === 0 ? 0 : 1 + Math.max(...sources.map((source) => depthOf(source.stepKey, seen)));
    depth.set(key, value);
    return value;
  };
  const rows = new Map<number, number>();
  return steps.map((step) => {
    const column = depthOf(step.key, new Set());
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    return { ...step, position: { left: 40 + column * 280, top: 40 + row * 160 } };
  });
}

/** The names a data input inside repeats has for every instance the state holds ('queries_0|input2' -> 'queries_1|input2'…). */
function instanceNames(segments: readonly string[], tree: unknown, prefix: string): string[] {
  const [segment, ...rest] = segments;
  if (rest.length === 0) return [`${prefix}${segment}`];
  const node = isRecord(tree) ? tree : {};
  const repeat = /^(.*)_0$/.exec(segment);
  const instances = repeat ? node[repeat[1]] : undefined;
  if (repeat && Array.isArray(instances)) return instances.flatMap((instance, index) => instanceNames(rest, instance, `${prefix}${repeat[1]}_${index}|`));
  return instanceNames(rest, node[segment], `${prefix}${segment}|`);
}

/**
 * A tool step's data inputs inside repeats follow the repeat's instances in its state: a handle for
 * each instance. After the step's form removed instances (`dropRemoved`) their connections go too; a
 * stored workflow's connections are all kept (with a handle each) as they are.
 */
export function withRepeatHandles(step: EditorStep, dropRemoved = false): EditorStep {
  if (step.type !== 'tool' || !(step.inputTemplates ?? step.inputs).some((input) => /_\d+\|/.test(input.name))) return step;
  const templates = new Map<string, StepInput>();
  for (const input of step.inputTemplates ?? step.inputs) {
    const template = input.name.replace(/_\d+\|/g, '_0|');
    if (template !== input.name && templates.has(template)) continue;
    templates.set(template, template === input.name ? input : { ...input, name: template, label: input.label });
  }
  const inputs: StepInput[] = [];
  for (const [template, input] of templates) {
    if (!template.includes('_0|')) {
      inputs.push(input);
      continue;
    }
    for (const name of instanceNames(template.split('|'), step.toolInputs, '')) inputs.push({ ...input, name, label: name === template ? input.label : `${input.label} (${name.replace(/\|[^|]*$/, '').replace(/_(\d+)/g, (_, index: string) => ` ${Number(index) + 1}`)})` });
  }
  const names = new Set(inputs.map((input) => input.name));
  const connections = dropRemoved ? Object.fromEntries(Object.entries(step.connections).filter(([name]) => names.has(name) || !/_\d+\|/.test(name))) : step.connections;
  // A connection to an input the state does not hold (stored that way) keeps its handle.
  for (const name of Object.keys(connections)) if (!names.has(name)) inputs.push(step.inputs.find((input) => input.name === name) ?? { name, label: name, extensions: [], inputType: 'dataset', multiple: true, optional: true });
  return { ...step, inputs, inputTemplates: [...templates.values()], connections };
}
