import type { ToolDefinition } from '../../tools';
import { dataInputNames, encodeInputState, encodeToolState, isDataInputName } from './tool-state';
import type { StepView, WorkflowView } from './workflow-view';

type Dict = Record<string, unknown>;
export type ToolLookup = (toolId: string) => ToolDefinition | undefined;

/** The name of an input step (its state's `name`) and what the platform calls a step. */
export const inputName = (step: StepView): string =>
  typeof step.toolInputs.name === 'string' ? step.toolInputs.name : step.type === 'data_input' ? 'Input Dataset' : 'Input Dataset Collection';

function stepName(step: StepView, tool: ToolDefinition | undefined): string {
  if (step.type === 'data_input') return 'Input dataset';
  if (step.type === 'data_collection_input') return 'Input dataset collection';
  return tool?.name ?? step.toolId ?? '';
}

function stepState(step: StepView): string {
  return step.type === 'tool' ? encodeToolState(step.toolInputs) : encodeInputState(step.toolInputs);
}

/** The connections the platform exports: only those to data inputs the tool has; a single one as itself. */
function connections(step: StepView, tool: ToolDefinition | undefined, byIndex: ReadonlyMap<number, StepView>): Dict {
  const dict: Dict = {};
  for (const [input, sources] of Object.entries(step.inputConnections)) {
    if (tool && !isDataInputName(tool, input)) continue;
    const list = sources.filter((source) => byIndex.has(source.stepIndex)).map((source) => ({ id: source.stepIndex, output_name: source.outputName }));
    if (list.length > 0) dict[input] = list.length === 1 ? list[0] : list;
  }
  return dict;
}

function postJobActions(step: StepView): Dict {
  const dict: Dict = {};
  for (const action of step.postJobActions) {
    dict[`${action.actionType}${action.outputName}`] = { action_type: action.actionType, output_name: action.outputName, action_arguments: action.arguments };
  }
  return dict;
}

const workflowOutputs = (step: StepView) => step.workflowOutputs.map((output) => ({ output_name: output.outputName, label: output.label, uuid: output.uuid }));

function dataOutputs(step: StepView, tool: ToolDefinition | undefined): Array<{ name: string; extensions: string[]; collection_type?: string }> {
  if (step.type === 'data_input') return [{ name: 'output', extensions: ['input'] }];
  if (step.type === 'data_collection_input') return [{ name: 'output', extensions: ['input_collection'], collection_type: String(step.toolInputs.collection_type ?? 'list') }];
  return (tool?.outputs ?? []).map((output) => ({ name: output.name, extensions: [output.format] }));
}

/**
 * The platform's `.ga` export (style `export`): `a_galaxy_workflow`, `format-version` 0.1, steps
 * keyed by order index with `tool_state` as JSON text. Null when a step's tool is not installed
 * (the platform cannot export such a workflow).
 */
export function exportWorkflow(workflow: WorkflowView, steps: readonly StepView[], toolOf: ToolLookup): Dict | null {
  const byIndex = new Map(steps.map((step) => [step.orderIndex, step]));
  const exported: Dict = {};
  for (const step of steps) {
    const tool = step.toolId ? toolOf(step.toolId) : undefined;
    if (step.type === 'tool' && !tool) return null;
    const dict: Dict = {
      id: step.orderIndex,
      type: step.type,
      tool_id: step.toolId,
      tool_version: step.toolVersion,
      name: stepName(step, tool),
      tool_state: stepState(step),
      tool_errors: null,
      uuid: step.uuid,
      label: step.label,
      annotation: step.annotation ?? '',
      inputs: step.type === 'tool' ? [] : [{ name: inputName(step), description: step.annotation ?? '' }],
      outputs: step.type === 'tool' ? dataOutputs(step, tool).map((output) => ({ name: output.name, type: output.extensions[0] })) : [],
      input_connections: connections(step, tool, byIndex),
      position: step.position,
      workflow_outputs: workflowOutputs(step),
      user_outputs: [],
    };
    if (step.type === 'tool') dict.post_job_actions = postJobActions(step);
    exported[String(step.orderIndex)] = dict;
  }
  return {
    a_galaxy_workflow: 'true',
    'format-version': '0.1',
    name: workflow.name,
    annotation: workflow.annotation ?? '',
    uuid: workflow.latestWorkflowUuid,
    tags: workflow.tags,
    steps: exported,
  };
}

/** A small HTML form of a step's parameters (the editor's `form_html`). */
function formHtml(step: StepView): string {
  const escape = (value: unknown) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const rows = Object.entries(step.toolInputs)
    .filter(([key]) => !key.startsWith('__'))
    .map(([key, value]) => `<div class="form-row"><label>${escape(key)}</label><div>${escape(typeof value === 'string' ? value : JSON.stringify(value))}</div></div>`);
  return `<form name="${escape(step.toolId ?? step.type)}">${rows.join('')}</form>`;
}

/** The editor's layout (style `editor`): what the platform's workflow editor loads. */
export function editorWorkflow(workflow: WorkflowView, steps: readonly StepView[], toolOf: ToolLookup): Dict {
  const byIndex = new Map(steps.map((step) => [step.orderIndex, step]));
  const exported: Dict = {};
  const upgradeMessages: Dict = {};
  for (const step of steps) {
    const tool = step.toolId ? toolOf(step.toolId) : undefined;
    const toolErrors = step.type === 'tool' && !tool ? `Tool ${step.toolId} is not installed.` : null;
    if (toolErrors) upgradeMessages[String(step.orderIndex)] = toolErrors;
    exported[String(step.orderIndex)] = {
      id: step.orderIndex,
      type: step.type,
      tool_id: step.toolId,
      name: stepName(step, tool),
      tool_state: stepState(step),
      tooltip: tool ? tool.description : null,
      tool_errors: toolErrors,
      data_inputs: tool
        ? dataInputNames(tool).map((input) => ({ name: input.name, label: input.label, multiple: input.multiple, extensions: input.formats, input_type: input.collection ? 'dataset_collection' : 'dataset' }))
        : [],
      data_outputs: dataOutputs(step, tool),
      form_html: formHtml(step),
      annotation: step.annotation ?? '',
      post_job_actions: postJobActions(step),
      workflow_outputs: workflowOutputs(step),
      uuid: step.uuid,
      label: step.label,
      input_connections: connections(step, tool, byIndex),
      position: step.position,
    };
  }
  return { name: workflow.name, steps: exported, upgrade_messages: upgradeMessages };
}
