/**
 * Request value → typed value for the scalar parameter types. `undefined` means "not given" (the
 * scope maps null there too); blank strings count as not given for numbers, as form posts send them.
 */
import { ToolParameterError } from '../errors';
import type {
  BooleanParam,
  DataColumnParam,
  FloatParam,
  HiddenParam,
  IntegerParam,
  SelectOption,
  SelectOptionsSource,
  SelectParam,
  TextParam,
} from '../model/inputs';
import type { BooleanState, DataColumnState, FloatState, HiddenState, IntegerState, SelectState, TextState } from './state';
import { applyValidators } from './validators';

function unwrapSingle(value: unknown): unknown {
  // Forms and some clients send one-element lists for scalar fields.
  return Array.isArray(value) && value.length === 1 ? value[0] : value;
}

function asText(path: string, raw: unknown): string {
  const value = unwrapSingle(raw);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new ToolParameterError(path, 'a text value is required.');
}

export function coerceText(path: string, param: TextParam, raw: unknown): TextState {
  const value = raw === undefined ? param.value : asText(path, raw);
  applyValidators(path, param.validators, value);
  return { type: 'text', value };
}

export function coerceHidden(path: string, param: HiddenParam, raw: unknown): HiddenState {
  return { type: 'hidden', value: raw === undefined ? param.value : asText(path, raw) };
}

function isBlank(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

function parseNumber(path: string, raw: unknown, integer: boolean): number {
  const value = unwrapSingle(raw);
  const requirement = integer ? 'an integer is required.' : 'a real number is required.';
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) throw new ToolParameterError(path, requirement);
    return value;
  }
  if (typeof value !== 'string') throw new ToolParameterError(path, requirement);
  const text = value.trim();
  const pattern = integer ? /^[+-]?\d+$/ : /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
  if (!pattern.test(text)) throw new ToolParameterError(path, requirement);
  return Number(text);
}

function checkBounds(path: string, value: number, min: number | null, max: number | null): void {
  if (min !== null && value < min) throw new ToolParameterError(path, `value ${value} is less than the minimum ${min}.`);
  if (max !== null && value > max) throw new ToolParameterError(path, `value ${value} is greater than the maximum ${max}.`);
}

export function coerceNumber(path: string, param: IntegerParam, raw: unknown): IntegerState;
export function coerceNumber(path: string, param: FloatParam, raw: unknown): FloatState;
export function coerceNumber(path: string, param: IntegerParam | FloatParam, raw: unknown): IntegerState | FloatState {
  const integer = param.type === 'integer';
  let value: number | null;
  if (isBlank(unwrapSingle(raw))) {
    value = param.value;
    if (value === null && !param.optional) {
      throw new ToolParameterError(path, integer ? 'an integer is required.' : 'a real number is required.');
    }
  } else {
    value = parseNumber(path, raw, integer);
  }
  if (value !== null) {
    checkBounds(path, value, param.min, param.max);
    applyValidators(path, param.validators, value);
  }
  return integer ? { type: 'integer', value } : { type: 'float', value };
}

const TRUE_WORDS = ['true', 'yes', 'on'];
const FALSE_WORDS = ['false', 'no', 'off', ''];

export function coerceBoolean(path: string, param: BooleanParam, raw: unknown): BooleanState {
  const value = unwrapSingle(raw);
  if (value === undefined) return { type: 'boolean', value: param.checked };
  if (typeof value === 'boolean') return { type: 'boolean', value };
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === param.truevalue || TRUE_WORDS.includes(text.toLowerCase())) return { type: 'boolean', value: true };
    if (text === param.falsevalue || FALSE_WORDS.includes(text.toLowerCase())) return { type: 'boolean', value: false };
  }
  throw new ToolParameterError(path, `a boolean is required (true or false, or '${param.truevalue}' / '${param.falsevalue}').`);
}

function defaultSelection(param: SelectParam, options: readonly SelectOption[]): string[] {
  const selected = options.filter((option) => option.selected).map((option) => option.value);
  if (selected.length || param.multiple || param.optional) return param.multiple ? selected : selected.slice(0, 1);
  return options.length ? [options[0]!.value] : [];
}

function requestedValues(path: string, param: SelectParam, raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  const values = list.map((item) => asText(path, item));
  // Multiple selects also arrive as one comma-joined string, the form the platform stores them in.
  if (param.multiple && values.length === 1) return values[0] === '' ? [] : values[0]!.split(',');
  return values;
}

/** The options a value must be among: the static ones, a dynamic list the caller resolved, or null (any value). */
function knownOptions(param: SelectParam, source: SelectOptionsSource | undefined): SelectOption[] | null {
  if (!param.dynamicOptions) return param.options;
  return source ? source(param) : null;
}

function invalidOption(param: SelectParam, invalid: string, known: readonly SelectOption[]): string {
  const table = param.dynamicOptions?.fromDataTable;
  // A data table may hold thousands of entries: name it rather than list them.
  if (table) return `an invalid option was selected: '${invalid}' is not a value of the data table '${table}'.`;
  return `an invalid option was selected: '${invalid}' is not one of ${known.map((option) => `'${option.value}'`).join(', ')}.`;
}

/** `source` gives the options of dynamic selects (data tables); without it they accept any value. */
export function coerceSelect(path: string, param: SelectParam, raw: unknown, source?: SelectOptionsSource): SelectState {
  const known = knownOptions(param, source);
  const values = raw === undefined ? defaultSelection(param, known ?? param.options) : requestedValues(path, param, raw);
  if (!param.multiple && values.length > 1) throw new ToolParameterError(path, 'only one value may be selected.');
  const mayBeEmpty = param.optional || param.multiple || param.display === 'checkboxes';
  if (values.length === 0 || (!param.multiple && values[0] === '' && mayBeEmpty)) {
    if (!mayBeEmpty) throw new ToolParameterError(path, 'a value must be selected.');
    return { type: 'select', multiple: param.multiple, values: [] };
  }
  if (known !== null) {
    const legal = new Set(known.map((option) => option.value));
    const invalid = values.find((value) => !legal.has(value));
    if (invalid !== undefined) throw new ToolParameterError(path, invalidOption(param, invalid, known));
  }
  for (const value of values) applyValidators(path, param.validators, value);
  return { type: 'select', multiple: param.multiple, values };
}

function parseColumn(path: string, item: unknown): number {
  const text = typeof item === 'number' ? String(item) : typeof item === 'string' ? item.trim() : '';
  const match = /^c?(\d+)$/i.exec(text);
  if (!match || Number(match[1]) < 1) throw new ToolParameterError(path, 'a column number (1 or more) is required.');
  return Number(match[1]);
}

export function coerceDataColumn(path: string, param: DataColumnParam, raw: unknown): DataColumnState {
  let columns: number[];
  if (isBlank(unwrapSingle(raw))) {
    // The platform preselects the first column when the tool names none.
    columns = param.value !== null ? [param.value] : param.optional ? [] : [1];
  } else {
    const items = Array.isArray(raw) ? raw : typeof raw === 'string' && param.multiple ? raw.split(',') : [raw];
    columns = items.map((item: unknown) => parseColumn(path, item));
  }
  if (!param.multiple && columns.length > 1) throw new ToolParameterError(path, 'only one column may be selected.');
  return { type: 'data_column', multiple: param.multiple, columns };
}
