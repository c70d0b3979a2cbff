import { pythonIso } from '../core/shape';

/** The platform's workflow index item (platform-facts §4.8). */
export const WORKFLOW_ITEM = /* GraphQL */ `
  model_class: __typename
  id
  name
  published
  deleted
  tags
  latest_workflow_uuid: latestWorkflowUuid
  url
  owner
`;

/** What the instance style adds: the latest version's steps. */
export const WORKFLOW_INSTANCE = /* GraphQL */ `
  ${WORKFLOW_ITEM}
  annotation
  steps { rawId orderIndex type toolId toolVersion annotation toolInputsRaw inputConnections { inputName stepIndex outputName } }
`;

export interface WorkflowItem {
  model_class: string;
  id: string;
  name: string;
  published: boolean;
  deleted: boolean;
  tags: string[];
  latest_workflow_uuid: string | null;
  url: string;
  owner: string | null;
}

interface InstanceStep {
  rawId: number;
  orderIndex: number;
  type: string;
  toolId: string | null;
  toolVersion: string | null;
  annotation: string | null;
  toolInputsRaw: Record<string, unknown> | null;
  inputConnections: Array<{ inputName: string; stepIndex: number; outputName: string }>;
}

export type WorkflowInstanceData = WorkflowItem & { annotation: string | null; steps: InstanceStep[] };

/** The StoredWorkflow as the platform's index lists it (`model_class` is StoredWorkflow). */
export const workflowItem = (item: WorkflowItem) => ({ ...item, model_class: 'StoredWorkflow' });

/**
 * Style `instance` (show, update): `inputs` and `steps` keyed by the raw step id; connections name
 * their source by raw step id too. `tool_inputs` is the state as the platform stores it (a tool
 * step's values are JSON text, which clients decode one by one); an annotation never written is null.
 */
export function workflowInstance(data: WorkflowInstanceData): Record<string, unknown> {
  const { steps: stepList, annotation, ...item } = data;
  const rawIdOf = new Map(stepList.map((step) => [step.orderIndex, step.rawId]));
  const inputs: Record<string, unknown> = {};
  const steps: Record<string, unknown> = {};
  for (const step of stepList) {
    if (step.type !== 'tool') {
      const name = step.toolInputsRaw?.name;
      inputs[String(step.rawId)] = { label: typeof name === 'string' ? name : step.type === 'data_input' ? 'Input Dataset' : 'Input Dataset Collection', value: '' };
    }
    const inputSteps: Record<string, unknown> = {};
    for (const connection of step.inputConnections) inputSteps[connection.inputName] = { source_step: rawIdOf.get(connection.stepIndex) ?? null, step_output: connection.outputName };
    steps[String(step.rawId)] = {
      id: step.rawId,
      type: step.type,
      tool_id: step.toolId,
      tool_version: step.toolVersion,
      annotation: step.annotation || null,
      tool_inputs: step.toolInputsRaw,
      input_steps: inputSteps,
    };
  }
  return { ...workflowItem(item), inputs, annotation, steps };
}

/** An invocation as the platform lists it, and the steps and inputs its element view adds. */
export const INVOCATION = /* GraphQL */ `
  model_class: __typename
  id
  update_time: updateTime
  create_time: createTime
  workflow_id: workflowId
  history_id: historyId
  uuid
  state
`;

export const INVOCATION_ELEMENT = /* GraphQL */ `
  ${INVOCATION}
  message
  inputs { orderIndex src id }
  steps {
    id update_time: updateTime job_id: jobId workflow_step_id: workflowStepId workflow_step_uuid: workflowStepUuid
    workflow_step_label: workflowStepLabel order_index: orderIndex state
  }
`;

export interface InvocationData {
  model_class: string;
  id: string;
  update_time: string;
  create_time: string;
  workflow_id: string;
  history_id: string;
  uuid: string;
  state: string;
  message?: string | null;
  inputs?: Array<{ orderIndex: number; src: string; id: string }>;
  steps?: Array<Record<string, unknown> & { update_time: string }>;
}

export function invocationDict(data: InvocationData): Record<string, unknown> {
  const { inputs, steps, message: _message, ...rest } = data;
  const dict: Record<string, unknown> = { ...rest, update_time: pythonIso(rest.update_time), create_time: pythonIso(rest.create_time) };
  if (steps) dict.steps = steps.map((step) => ({ model_class: 'WorkflowInvocationStep', ...step, update_time: pythonIso(step.update_time), action: null }));
  if (inputs) dict.inputs = Object.fromEntries(inputs.map((input) => [String(input.orderIndex), { id: input.id, src: input.src }]));
  return dict;
}
