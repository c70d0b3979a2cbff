/**
 * A job's parameters in the platform's raw form: one entry per top-level tool input, its value the
 * JSON text the platform (15.05 `params_to_strings` / `value_to_basic`) would have stored. We store
 * the flat submitted form (`cond|sel`, `queries_0|input2`, encoded dataset ids); the tool's input
 * tree turns it back into the platform's nesting: repeats are lists of `{__index__, …}`, conditionals
 * `{__current_case__, <test>, …}`, datasets their integer id (several: `"1,2"`), collections
 * `hdca:<id>`, booleans `"True"`/`"False"`, numbers their text (`""` when empty).
 */
import type { JobParams } from '../entities/job.entity';
import { pythonJson } from './python-json';
import type { IdCodec } from '../ids/id-codec';
import { UPLOAD_ITEMS_PARAM } from '../jobs/upload-run';

export type { JobParams };
import type { ConditionalInput, ToolDefinition, ToolInput, ToolParam } from '../tools';

type Basic = unknown;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An encoded id as the platform's integer id (anything else as given). */
function plainId(ids: IdCodec, id: unknown): unknown {
  try {
    return ids.decode(id);
  } catch {
    return id;
  }
}

/** `DataToolParameter.to_string`: the dataset's id; several joined with commas; none stays null. */
function dataBasic(value: unknown, ids: IdCodec): Basic {
  if (Array.isArray(value)) return value.map((item) => String(dataBasic(item, ids))).join(',');
  return isObject(value) && 'id' in value ? plainId(ids, value.id) : (value ?? null);
}

/** `DataCollectionToolParameter.to_string`: `hdca:<id>`. */
function collectionBasic(value: unknown, ids: IdCodec): Basic {
  return isObject(value) && value.src === 'hdca' ? `hdca:${String(plainId(ids, value.id))}` : null;
}

/** Python 2's `str(float)`: 12 significant digits, a `.0` on whole numbers. */
export function pythonFloatText(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa, exponentText] = value.toExponential(11).split('e');
  const exponent = Number(exponentText);
  const trim = (digits: string) => (digits.includes('.') ? digits.replace(/0+$/, '').replace(/\.$/, '') : digits);
  if (exponent < -4 || exponent >= 12) return `${trim(mantissa!)}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  const fixed = trim(value.toFixed(Math.max(0, 11 - exponent)));
  return fixed.includes('.') ? fixed : `${fixed}.0`;
}

function leafBasic(param: ToolParam, value: unknown, ids: IdCodec): Basic {
  switch (param.type) {
    case 'data':
      return dataBasic(value, ids);
    case 'data_collection':
      return collectionBasic(value, ids);
    case 'select':
      return value ?? null;
    case 'data_column':
      // The platform's column parameter is a select of column numbers as text.
      return Array.isArray(value) ? value.map(String) : value === null || value === undefined ? null : String(value);
    case 'integer':
      return value === null || value === undefined || value === '' ? '' : String(value);
    case 'float':
      return typeof value === 'number' ? pythonFloatText(value) : value === null || value === undefined ? '' : String(value);
    case 'boolean':
      return value === true || value === 'true' || value === 'True' ? 'True' : 'False';
    case 'text':
    case 'hidden':
      return value === null || value === undefined ? 'None' : typeof value === 'string' ? value : String(value);
    case 'file':
      return value === '' || value === undefined ? null : value;
  }
}

/** A value whose tool input is unknown (tool removed, or not an input): data references as ids. */
function looseBasic(value: unknown, ids: IdCodec): Basic {
  if (isObject(value) && value.src === 'hdca') return collectionBasic(value, ids);
  if (isObject(value) && value.src === 'hda') return dataBasic(value, ids);
  if (Array.isArray(value) && value.length > 0 && value.every((item) => isObject(item) && item.src === 'hda')) return dataBasic(value, ids);
  return value ?? null;
}

function caseIndex(input: ConditionalInput, value: unknown): number {
  if (input.test.type === 'boolean') {
    const on = value === true || value === 'true' || value === input.test.truevalue;
    const spellings = on ? ['true', input.test.truevalue] : ['false', input.test.falsevalue];
    return input.cases.findIndex((when) => spellings.includes(when.value));
  }
  const selected = Array.isArray(value) ? value[0] : value;
  return input.cases.findIndex((when) => when.value === (selected ?? ''));
}

class Nesting {
  readonly used = new Set<string>();

  constructor(
    private readonly flat: JobParams,
    private readonly ids: IdCodec,
  ) {}

  level(inputs: readonly ToolInput[], prefix: string): Record<string, Basic> {
    const out: Record<string, Basic> = {};
    for (const input of inputs) {
      const key = `${prefix}${input.name}`;
      if (input.type === 'repeat') {
        const instances: Array<Record<string, Basic>> = [];
        for (let index = 0; this.hasGroup(`${key}_${index}|`); index += 1) instances.push({ __index__: index, ...this.level(input.inputs, `${key}_${index}|`) });
        out[input.name] = instances;
      } else if (input.type === 'conditional') {
        const testKey = `${key}|${input.test.name}`;
        if (!(testKey in this.flat)) continue;
        this.used.add(testKey);
        const current = caseIndex(input, this.flat[testKey]);
        const branch = current >= 0 ? this.level(input.cases[current]!.inputs, `${key}|`) : {};
        out[input.name] = { __current_case__: current, [input.test.name]: leafBasic(input.test, this.flat[testKey], this.ids), ...branch };
      } else if (input.type === 'section') {
        out[input.name] = this.level(input.inputs, `${key}|`);
      } else if (key in this.flat) {
        this.used.add(key);
        out[input.name] = leafBasic(input, this.flat[key], this.ids);
      }
    }
    return out;
  }

  private hasGroup(prefix: string): boolean {
    return Object.keys(this.flat).some((name) => name.startsWith(prefix));
  }
}

/**
 * The platform's stored parameters of a job: top-level name -> JSON text. Without the tool (no longer
 * installed) the stored names are kept, each value in the same raw form.
 */
export function platformParams(params: JobParams, tool: ToolDefinition | undefined, ids: IdCodec): Record<string, string> {
  const nesting = new Nesting(params, ids);
  const basic = tool ? nesting.level(tool.inputs, '') : {};
  for (const [name, value] of Object.entries(params)) {
    if (name === UPLOAD_ITEMS_PARAM || nesting.used.has(name) || (tool && name.includes('|'))) continue;
    if (!(name in basic)) basic[name] = looseBasic(value, ids);
  }
  return Object.fromEntries(Object.entries(basic).map(([name, value]) => [name, pythonJson(value)]));
}

/** Names the platform's `encode_all_ids` leaves alone. */
const NOT_ENCODED = new Set(['tool_id', 'external_id']);

/**
 * `params` of the jobs API (`Job.to_dict('element')` then `encode_all_ids`): the raw parameters
 * without those named like a dataset input, and any parameter named `id` or `…_id` "encoded" (its
 * text run through the id cipher, as the platform does with whatever value it finds there).
 */
export function shownParams(raw: Record<string, string>, inputNames: Iterable<string>, ids: IdCodec): Record<string, string> {
  const shown = { ...raw };
  for (const name of inputNames) delete shown[name];
  for (const [name, value] of Object.entries(shown)) {
    if ((name === 'id' || name.endsWith('_id')) && !NOT_ENCODED.has(name) && /^[\x20-\x7e]*$/.test(value)) shown[name] = ids.encodeGuid(value);
  }
  return shown;
}
