/**
 * Request inputs → typed parameter state: walks the tool's input tree, opening a scope per group,
 * coercing each leaf, counting repeat instances and choosing conditional branches.
 */
import { ToolParameterError } from '../errors';
import type { ConditionalInput, DataColumnParam, RepeatInput, SelectOptionsSource, ToolInput, ToolParam } from '../model/inputs';
import type { ToolDefinition } from '../model/tool-definition';
import {
  coerceBoolean,
  coerceDataColumn,
  coerceHidden,
  coerceNumber,
  coerceSelect,
  coerceText,
} from './coerce-scalars';
import { coerceDataCollection } from './collection-refs';
import { coerceData, type DataCoercionOptions } from './data-refs';
import { InputScope } from './input-scope';
import type { BooleanState, InputState, JsonValue, ParamState, SelectState } from './state';

export interface BuildStateOptions extends DataCoercionOptions {
  /** The options of dynamic selects (data tables), checked as static ones are; absent accepts any value. */
  selectOptions?: SelectOptionsSource;
}

function toJson(value: unknown): JsonValue {
  // Upload slots pass through; anything not JSON-shaped (functions, symbols) is dropped to null.
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value) ?? 'null') as JsonValue;
}

async function coerceLeaf(path: string, param: ToolParam, raw: unknown, options: BuildStateOptions): Promise<InputState> {
  switch (param.type) {
    case 'data':
      return coerceData(path, param, raw, options);
    case 'data_collection':
      return coerceDataCollection(path, param, raw, options);
    case 'text':
      return coerceText(path, param, raw);
    case 'integer':
      return coerceNumber(path, param, raw);
    case 'float':
      return coerceNumber(path, param, raw);
    case 'boolean':
      return coerceBoolean(path, param, raw);
    case 'select':
      return coerceSelect(path, param, raw, options.selectOptions);
    case 'hidden':
      return coerceHidden(path, param, raw);
    case 'file':
      return { type: 'file', value: toJson(raw) };
    case 'data_column':
      return coerceDataColumn(path, param, raw);
  }
}

async function buildRepeat(input: RepeatInput, scope: InputScope, prefix: string, options: BuildStateOptions): Promise<InputState> {
  const given = scope.repeatInstances(input.name);
  if (input.max !== null && given.length > input.max) {
    throw new ToolParameterError(`${prefix}${input.name}`, `at most ${input.max} instance(s) are allowed, ${given.length} given.`);
  }
  // Below the minimum the platform adds instances with default values (which may still fail below).
  const scopes = [...given];
  while (scopes.length < input.min) scopes.push(InputScope.from({}));
  const instances: ParamState[] = [];
  for (const [index, instanceScope] of scopes.entries()) {
    instances.push(await buildLevel(input.inputs, instanceScope, `${prefix}${input.name}_${index}|`, options));
  }
  return { type: 'repeat', instances };
}

/** The branch value a selector state stands for (booleans match `true`/`false` or their truevalue/falsevalue). */
function caseIndex(input: ConditionalInput, testState: SelectState | BooleanState): number {
  if (testState.type === 'select') {
    const value = testState.values[0] ?? '';
    return input.cases.findIndex((when) => when.value === value);
  }
  const test = input.test.type === 'boolean' ? input.test : null;
  const spellings = testState.value ? ['true', test?.truevalue] : ['false', test?.falsevalue];
  return input.cases.findIndex((when) => spellings.includes(when.value));
}

async function buildConditional(input: ConditionalInput, scope: InputScope, prefix: string, options: BuildStateOptions): Promise<InputState> {
  const group = scope.group(input.name);
  const groupPrefix = `${prefix}${input.name}|`;
  const testPath = `${groupPrefix}${input.test.name}`;
  const testState = input.test.type === 'select'
    ? coerceSelect(testPath, input.test, group.get(input.test.name), options.selectOptions)
    : coerceBoolean(testPath, input.test, group.get(input.test.name));
  const currentCase = caseIndex(input, testState);
  if (currentCase < 0) {
    const shown = testState.type === 'select' ? testState.values.join(',') : String(testState.value);
    throw new ToolParameterError(testPath, `no branch of conditional '${input.name}' matches the value '${shown}'.`);
  }
  const branch = await buildLevel(input.cases[currentCase]!.inputs, group, groupPrefix, options);
  return { type: 'conditional', currentCase, values: { [input.test.name]: testState, ...branch } };
}

async function buildLevel(inputs: readonly ToolInput[], scope: InputScope, prefix: string, options: BuildStateOptions): Promise<ParamState> {
  const state: ParamState = {};
  for (const input of inputs) {
    switch (input.type) {
      case 'repeat':
        state[input.name] = await buildRepeat(input, scope, prefix, options);
        break;
      case 'conditional':
        state[input.name] = await buildConditional(input, scope, prefix, options);
        break;
      case 'section':
        state[input.name] = {
          type: 'section',
          values: await buildLevel(input.inputs, scope.group(input.name), `${prefix}${input.name}|`, options),
        };
        break;
      default:
        state[input.name] = await coerceLeaf(`${prefix}${input.name}`, input, scope.get(input.name), options);
    }
  }
  return state;
}

/** Column parameters against the column count of the dataset they refer to, when its metadata says. */
function checkColumn(path: string, param: DataColumnParam, state: InputState | undefined, chain: readonly ParamState[]): void {
  if (state?.type !== 'data_column' || param.dataRef === null) return;
  const ref = chain.map((level) => level[param.dataRef!]).find((candidate) => candidate !== undefined);
  if (ref?.type !== 'data' || ref.datasets.length !== 1) return;
  const dataset = ref.datasets[0]!.dataset;
  const count = dataset.metadata.columns;
  if (typeof count !== 'number') return;
  const outside = state.columns.find((column) => column > count);
  if (outside !== undefined) {
    throw new ToolParameterError(path, `column ${outside} is out of range: dataset '${dataset.name}' has ${count} column(s).`);
  }
}

function checkColumns(inputs: readonly ToolInput[], state: ParamState, chain: readonly ParamState[], prefix: string): void {
  const here = [state, ...chain];
  for (const input of inputs) {
    const value = state[input.name];
    if (input.type === 'data_column') checkColumn(`${prefix}${input.name}`, input, value, here);
    else if (input.type === 'repeat' && value?.type === 'repeat') {
      value.instances.forEach((instance, index) => checkColumns(input.inputs, instance, here, `${prefix}${input.name}_${index}|`));
    } else if (input.type === 'conditional' && value?.type === 'conditional') {
      checkColumns(input.cases[value.currentCase]!.inputs, value.values, here, `${prefix}${input.name}|`);
    } else if (input.type === 'section' && value?.type === 'section') {
      checkColumns(input.inputs, value.values, here, `${prefix}${input.name}|`);
    }
  }
}

/**
 * Builds the typed state of a tool run from the API's inputs (flat `a|b` / `r_0|x` keys, nested
 * objects and lists, or a mix). Defaults fill what is not given; a value that does not fit is a
 * ToolParameterError naming the parameter by its flat name. Dataset references go through
 * `options.resolveDataset`, whose own errors propagate unchanged.
 */
export async function buildParamState(
  tool: Pick<ToolDefinition, 'inputs'>,
  inputs: Readonly<Record<string, unknown>>,
  options: BuildStateOptions,
): Promise<ParamState> {
  const state = await buildLevel(tool.inputs, InputScope.from(inputs), '', options);
  checkColumns(tool.inputs, state, [], '');
  return state;
}
