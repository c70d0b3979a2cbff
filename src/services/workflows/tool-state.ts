import { pythonJson } from '../../format/python-json';
import type { ToolDefinition, ToolInput } from '../../tools';

/**
 * A step's tool state as the platform writes it in `.ga` files: JSON text whose top-level values
 * are themselves JSON text (`{"lineNum": "\"10\"", "queries": "[{...}]"}`), plus bookkeeping keys.
 * We keep the decoded tree and write the platform's form back on export.
 */
const BOOKKEEPING = ['__page__', '__rerun_remap_job_id__'];

export class ToolStateError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Top-level values that are JSON text are decoded once; text that is not JSON stays text. */
function decodeValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** `tool_state` of a step (JSON text or an object) -> the decoded tree, bookkeeping keys dropped. */
export function decodeToolState(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null || raw === '') return {};
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw) as unknown;
    } catch {
      throw new ToolStateError('tool_state is not valid JSON');
    }
  }
  if (!isRecord(parsed)) throw new ToolStateError('tool_state must be a JSON object');
  const state: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) if (!BOOKKEEPING.includes(key)) state[key] = decodeValue(value);
  return state;
}

/** A tool step's state in the platform's export form (values as JSON text, bookkeeping keys first). */
export function encodeToolState(state: Record<string, unknown>): string {
  const encoded: Record<string, unknown> = { __page__: 0, __rerun_remap_job_id__: null };
  for (const [key, value] of Object.entries(state)) encoded[key] = pythonJson(value);
  return pythonJson(encoded);
}

/** An input step's state is plain JSON (`{"name": "input1"}`). */
export function encodeInputState(state: Record<string, unknown>): string {
  return pythonJson(state);
}

/** Placeholders the platform writes for data parameters filled at run time by connections. */
function isPlaceholder(value: unknown): boolean {
  if (value === null || value === undefined || value === 'null' || value === 'None' || value === '') return true;
  if (value === 'RuntimeValue') return true;
  return isRecord(value) && (value.__class__ === 'RuntimeValue' || value.__class__ === 'ConnectedValue');
}

const isDataRef = (value: unknown) => isRecord(value) && typeof value.src === 'string' && 'id' in value;

/**
 * The decoded state as the tool API's flat parameters (`cond|sel`, `queries_0|input2`), without
 * bookkeeping keys and without the placeholders of connected data inputs.
 */
export function flatParameters(state: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  const visit = (prefix: string, value: Record<string, unknown>) => {
    for (const [key, item] of Object.entries(value)) {
      if (key.startsWith('__')) continue;
      const name = `${prefix}${key}`;
      if (Array.isArray(item) && item.every(isRecord) && item.length > 0 && !item.some(isDataRef)) {
        item.forEach((instance, index) => visit(`${name}_${typeof instance.__index__ === 'number' ? instance.__index__ : index}|`, instance as Record<string, unknown>));
      } else if (isRecord(item) && !isDataRef(item) && item.__class__ === undefined) {
        visit(`${name}|`, item);
      } else if (!isPlaceholder(item)) {
        flat[name] = item;
      }
    }
  };
  visit('', state);
  return flat;
}

/** The flat names of the tool's data and collection parameters (what connections may target). */
export function dataInputNames(tool: ToolDefinition): Array<{ name: string; label: string; multiple: boolean; formats: string[]; collection: boolean }> {
  const names: Array<{ name: string; label: string; multiple: boolean; formats: string[]; collection: boolean }> = [];
  const visit = (prefix: string, inputs: readonly ToolInput[], repeatIndex: number | null) => {
    for (const input of inputs) {
      if (input.type === 'repeat') visit(`${prefix}${input.name}_${0}|`, input.inputs, 0);
      else if (input.type === 'section') visit(`${prefix}${input.name}|`, input.inputs, repeatIndex);
      else if (input.type === 'conditional') for (const branch of input.cases) visit(`${prefix}${input.name}|`, branch.inputs, repeatIndex);
      else if (input.type === 'data') names.push({ name: `${prefix}${input.name}`, label: input.label || input.name, multiple: input.multiple, formats: input.formats, collection: false });
      else if (input.type === 'data_collection') names.push({ name: `${prefix}${input.name}`, label: input.label || input.name, multiple: false, formats: input.formats, collection: true });
    }
  };
  visit('', tool.inputs, null);
  return names;
}

/** Whether a flat connection name targets a data input of the tool (repeat indexes may be any number). */
export function isDataInputName(tool: ToolDefinition, flatName: string): boolean {
  const normalised = flatName.replace(/_\d+\|/g, '_0|');
  return dataInputNames(tool).some((input) => input.name === normalised);
}

/**
 * A fresh state of the tool's parameters (defaults), with given flat values applied: what the
 * editor's `build_module` answers and what extraction stores for a job's parameters.
 */
export function defaultToolState(tool: ToolDefinition, given: Record<string, unknown> = {}): Record<string, unknown> {
  const build = (prefix: string, inputs: readonly ToolInput[]): Record<string, unknown> => {
    const state: Record<string, unknown> = {};
    for (const input of inputs) {
      const name = `${prefix}${input.name}`;
      if (input.type === 'repeat') {
        const count = Math.max(input.min, input.defaultCount, countInstances(given, name));
        state[input.name] = Array.from({ length: count }, (_, index) => ({ ...build(`${name}_${index}|`, input.inputs), __index__: index }));
      } else if (input.type === 'section') {
        state[input.name] = build(`${name}|`, input.inputs);
      } else if (input.type === 'conditional') {
        const testName = `${name}|${input.test.name}`;
        const selected = given[testName] !== undefined ? String(given[testName]) : defaultTestValue(input.test);
        const index = Math.max(0, input.cases.findIndex((branch) => branch.value === selected));
        const branch = input.cases[index];
        state[input.name] = { ...(branch ? build(`${name}|`, branch.inputs) : {}), [input.test.name]: selected, __current_case__: index };
      } else if (input.type === 'data' || input.type === 'data_collection') {
        state[input.name] = given[name] ?? null;
      } else if (given[name] === undefined) {
        state[input.name] = leafDefault(input);
      } else {
        // Numbers are kept as the platform's tool states keep them: as text.
        const value = given[name];
        state[input.name] = typeof value === 'number' && ['integer', 'float', 'data_column'].includes(input.type) ? String(value) : value;
      }
    }
    return state;
  };
  return build('', tool.inputs);
}

function countInstances(given: Record<string, unknown>, repeatName: string): number {
  let count = 0;
  const pattern = new RegExp(`^${repeatName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}_(\\d+)\\|`);
  for (const key of Object.keys(given)) {
    const match = pattern.exec(key);
    if (match) count = Math.max(count, Number(match[1]) + 1);
  }
  return count;
}

function defaultTestValue(test: Extract<ToolInput, { type: 'select' | 'boolean' }>): string {
  if (test.type === 'boolean') return test.checked ? 'true' : 'false';
  return (test.options.find((option) => option.selected) ?? test.options[0])?.value ?? '';
}

function leafDefault(input: Exclude<ToolInput, { type: 'repeat' | 'section' | 'conditional' | 'data' | 'data_collection' }>): unknown {
  switch (input.type) {
    case 'text':
    case 'hidden':
      return input.value;
    case 'integer':
    case 'float':
      return input.value === null ? null : String(input.value);
    case 'boolean':
      return input.checked;
    case 'select': {
      const selected = input.options.filter((option) => option.selected).map((option) => option.value);
      if (input.multiple) return selected;
      return selected[0] ?? input.options[0]?.value ?? null;
    }
    case 'data_column':
      return input.value === null ? null : String(input.value);
    case 'file':
      return null;
  }
}
