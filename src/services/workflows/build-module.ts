import type { ContextWith } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import { toolDict } from '../../tools';
import { dataInputNames, defaultToolState, encodeToolState, flatParameters } from './tool-state';
import type { ToolCatalogService } from '../tools';

export interface BuildModuleInput {
  toolId?: string | null;
  toolVersion?: string | null;
  inputs?: unknown;
  annotation?: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Editor form fields `pja__<output>__<Action>[__<argument>]` as the step's post-job actions. */
function postJobActionsOf(inputs: Record<string, unknown>): Record<string, unknown> {
  const actions: Record<string, { action_type: string; output_name: string; action_arguments: Record<string, unknown> }> = {};
  for (const [key, value] of Object.entries(inputs)) {
    const match = /^pja__(.+?)__(\w+Action)(?:__(.+))?$/.exec(key);
    if (!match) continue;
    const [, outputName, actionType, argument] = match;
    const action = (actions[`${actionType}${outputName}`] ??= { action_type: actionType, output_name: outputName, action_arguments: {} });
    if (argument) action.action_arguments[argument] = value;
  }
  return actions;
}

/**
 * The workflow editor's model of a tool step (`POST /api/workflows/build_module`): the tool's form,
 * the step state built from the given inputs, the connectable inputs and the outputs.
 */
export function buildModule(ctx: ContextWith<{ tools: ToolCatalogService }>, input: BuildModuleInput): Record<string, unknown> {
  ctx.caller.requireIdentity();
  if (!input.toolId) throw errors.notFound('Tool not found: no tool_id given.');
  const tool = ctx.services.tools.registry.get(input.toolId);
  if (!tool) throw errors.notFound(`Tool not found: ${input.toolId}`);
  if (input.inputs !== undefined && input.inputs !== null && !isRecord(input.inputs)) throw errors.invalid('inputs must be a JSON object of the tool\'s parameters.');
  const given = isRecord(input.inputs) ? input.inputs : {};
  const state = defaultToolState(tool, flatParameters(given));
  return {
    tool_model: toolDict(tool, { ioDetails: true, section: ctx.services.tools.registry.sectionOf(tool.id), admin: ctx.caller.isAdmin }),
    tool_state: encodeToolState(state),
    data_inputs: dataInputNames(tool).map((param) => ({ name: param.name, label: param.label, multiple: param.multiple, extensions: param.formats, input_type: param.collection ? 'dataset_collection' : 'dataset' })),
    data_outputs: tool.outputs.map((output) => ({ name: output.name, extensions: [output.format] })),
    tool_errors: null,
    form_html: `<form name="${tool.id.replace(/"/g, '&quot;')}">${dataInputNames(tool)
      .map((param) => `<div class="form-row"><label>${param.label.replace(/</g, '&lt;')}</label></div>`)
      .join('')}</form>`,
    annotation: input.annotation ?? '',
    post_job_actions: postJobActionsOf(given),
  };
}
