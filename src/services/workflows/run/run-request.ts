import type { StepView, WorkflowView } from '../workflow-view';
import { AppError, errors } from '../../../errors/error-kinds';
import { inputName } from '../ga-export';
import type { ToolRegistry } from '../../../tools';

/** What a run request says, as the REST routes and the graph pass it on. */
export interface RunWorkflowInput {
  /** `ds_map` (legacy: input steps by database step id) or `inputs` (by order index). */
  inputs?: unknown;
  legacyInputs?: boolean;
  /** `step_id`, `step_index`, `step_uuid` or `name`, several joined by `|`. */
  inputsBy?: string | null;
  parameters?: unknown;
  /** Legacy `history`: a new history's name, or `hist_id=<encoded id>`. */
  history?: string | null;
  historyId?: string | null;
  historyName?: string | null;
  noAddToHistory?: boolean;
  replacementParams?: unknown;
  /** A collection given to a dataset input maps the steps it feeds over its elements (the run form's batch over a collection; not the REST routes'). */
  mapOverCollections?: boolean;
}

export type InputSource = 'hda' | 'ldda' | 'ld' | 'hdca';

export interface GivenInput {
  step: StepView;
  src: InputSource;
  id: string;
}

const SOURCES: readonly string[] = ['hda', 'ldda', 'ld', 'hdca'];
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object given as itself or as its JSON text (form posts). */
export function jsonObject(value: unknown, what: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      throw errors.invalid(`${what} must be a JSON object.`);
    }
  }
  if (!isRecord(parsed)) throw errors.invalid(`${what} must be a JSON object.`);
  return parsed;
}

/** Keys a step answers to, by the `inputs_by` ways. */
function keysOf(step: StepView, ways: string[]): string[] {
  return ways.flatMap((way) => {
    if (way === 'step_id') return [String(step.id)];
    if (way === 'step_index') return [String(step.orderIndex)];
    if (way === 'step_uuid') return [step.uuid];
    if (way === 'name') return [inputName(step), ...(step.label ? [step.label] : [])];
    throw errors.invalid(`Unknown inputs_by value '${way}': use step_id, step_index, step_uuid or name.`);
  });
}

/**
 * The dataset or collection given for every input step (the platform's `_normalize_inputs`): a
 * missing one is refused, as are unknown sources and a dataset given for a collection input or the
 * other way round.
 */
export function givenInputs(steps: readonly StepView[], input: RunWorkflowInput): GivenInput[] {
  const given = jsonObject(input.inputs, input.legacyInputs ? 'ds_map' : 'inputs');
  const ways = (input.inputsBy || (input.legacyInputs ? 'step_id|step_uuid' : 'step_index|step_uuid')).split('|').map((way) => way.trim());
  return steps
    .filter((step) => step.type !== 'tool')
    .map((step): GivenInput => {
      const key = keysOf(step, ways).find((candidate) => given[candidate] !== undefined);
      if (key === undefined) throw new AppError('MessageException', `Workflow cannot be run because an expected input step '${step.id}' has no input dataset.`);
      const value = given[key];
      if (!isRecord(value) || (typeof value.id !== 'string' && typeof value.id !== 'number')) throw errors.invalid(`The input of step ${key} must be {src, id}.`);
      const src = typeof value.src === 'string' ? value.src : 'hda';
      if (!SOURCES.includes(src)) throw errors.invalid(`Unknown workflow input source '${src}' specified.`);
      if (step.type === 'data_collection_input' && src !== 'hdca') throw errors.invalid(`Input step ${key} takes a dataset collection (src hdca).`);
      if (step.type === 'data_input' && src === 'hdca' && !input.mapOverCollections) throw errors.invalid(`Input step ${key} takes a dataset, not a collection.`);
      return { step, src: src as InputSource, id: String(value.id) };
    });
}

/** Flat parameters of a nested dictionary (`{cond: {sel: 1}}` -> `cond|sel`), as tools read them. */
function flatten(value: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isRecord(item) && !('src' in item && 'id' in item)) Object.assign(flat, flatten(item, `${prefix}${key}|`));
    else flat[`${prefix}${key}`] = item;
  }
  return flat;
}

/**
 * The platform's `_step_parameters`: parameters by tool id apply to every step of that tool; by step
 * (database id in the legacy form, order index otherwise) or uuid they apply to one step and win.
 * `{param, value}` is the old one-parameter form.
 */
export function stepParameters(steps: readonly StepView[], input: RunWorkflowInput): Record<string, Record<string, unknown>> {
  const map = jsonObject(input.parameters, 'parameters');
  const result: Record<string, Record<string, unknown>> = {};
  for (const step of steps) {
    if (step.type !== 'tool') continue;
    const pick = (key: string | null) => (key !== null && isRecord(map[key]) ? (map[key] as Record<string, unknown>) : {});
    const params: Record<string, unknown> = {
      ...pick(step.toolId),
      ...pick(String(input.legacyInputs ? step.id : step.orderIndex)),
      ...pick(step.uuid),
    };
    if ('param' in params && 'value' in params) {
      params[String(params.param)] = params.value;
      delete params.param;
      delete params.value;
    }
    const flat = flatten(params);
    if (Object.keys(flat).length > 0) result[String(step.orderIndex)] = flat;
  }
  return result;
}

/** `replacement_params`: text values that rename actions put in place of `${name}`. */
export function replacementParams(input: RunWorkflowInput): Record<string, string> {
  const given = jsonObject(input.replacementParams, 'replacement_params');
  return Object.fromEntries(Object.entries(given).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
}

/** Tools a run needs that are not installed: the platform refuses to invoke such a workflow. */
export function requireInstalledTools(tools: ToolRegistry, workflow: WorkflowView, steps: readonly StepView[]): void {
  const missing = [...new Set(steps.filter((step) => step.type === 'tool' && step.toolId && !tools.get(step.toolId)).map((step) => step.toolId as string))];
  if (missing.length > 0) throw new AppError('MessageException', `Workflow '${workflow.name}' was not invoked; the following required tools are not installed: ${missing.join(', ')}`);
}
