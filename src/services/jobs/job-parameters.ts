/**
 * A job's parameters as the tool form shows them: each input by its label, its value in the form's
 * words (a select's option label, Yes/No for a boolean, `hid: name` for a dataset), conditionals and
 * repeats nested (repeat instances numbered "Query 1", "Query 2" as 15.05 did). Built from the tool's
 * inputs applied to the job's stored flat parameters (`cond|test`, `queries_0|term`); without the tool
 * (no longer installed) the stored names are listed as they are.
 */
import type { JobParams } from '../../entities/job.entity';
import { UPLOAD_ITEMS_PARAM } from '../../jobs/upload-run';
import type { ToolDefinition, ToolInput, ToolParam } from '../../tools';

/** A history dataset or collection a parameter names, as the caller is shown it. */
export interface ParameterItem {
  /** The encoded id the job stored. */
  id: string;
  hid: number | null;
  name: string | null;
}

export interface ParameterNode {
  /** The flat name the form submits it under (`cond|test`, `queries_0|term`). */
  name: string;
  label: string;
  /** The value as the form shows it ('' for groups). */
  value: string;
  datasets: ParameterItem[];
  collections: ParameterItem[];
  children: ParameterNode[];
}

/** Finds the datasets and collections the parameters name (by encoded id). */
export interface ParameterItems {
  dataset(id: string): ParameterItem;
  collection(id: string): ParameterItem;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The encoded ids of the datasets (`{src: 'hda', id}`) and collections (a snapshot `{id, collection_type, elements}`) the parameters name. */
export function referencedItems(params: JobParams): { datasets: string[]; collections: string[] } {
  const datasets = new Set<string>();
  const collections = new Set<string>();
  for (const [name, value] of Object.entries(params)) {
    if (name === UPLOAD_ITEMS_PARAM) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!isRecord(item) || typeof item.id !== 'string') continue;
      if (typeof item.collection_type === 'string' || item.src === 'hdca') collections.add(item.id);
      else if (item.src === 'hda' || item.src === undefined) datasets.add(item.id);
    }
  }
  return { datasets: [...datasets], collections: [...collections] };
}

/** `hid: name`, or the id when the item is gone. */
export const itemText = (item: ParameterItem): string => (item.hid === null ? `(${item.id})` : `${item.hid}: ${item.name ?? ''}`);

function dataRefs(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).flatMap((item) => (isRecord(item) && typeof item.id === 'string' ? [item.id] : []));
}

/** A value as text; an object by its name when it has one, never with a server path it may hold (a stored upload). */
const plainText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainText).join(', ');
  if (isRecord(value)) {
    if (typeof value.name === 'string') return value.name;
    const { path: _path, ...shown } = value;
    return JSON.stringify(shown);
  }
  return String(value);
};

/** A file parameter: the file's own name, never where the server keeps it. */
function fileText(value: unknown): string {
  if (isRecord(value) && typeof value.name === 'string') return value.name;
  if (isRecord(value) && typeof value.filename === 'string') return value.filename;
  return value === null || value === undefined || value === '' ? '' : 'a file';
}

const truthy = (value: unknown, truevalue: string) => value === true || value === 'true' || value === 'True' || value === truevalue;

function leafNode(param: ToolParam, name: string, value: unknown, items: ParameterItems): ParameterNode {
  const node: ParameterNode = { name, label: param.label || param.name, value: '', datasets: [], collections: [], children: [] };
  switch (param.type) {
    case 'data':
      node.datasets = dataRefs(value).map((id) => items.dataset(id));
      node.value = node.datasets.map(itemText).join(', ');
      break;
    case 'data_collection':
      node.collections = dataRefs(value).map((id) => items.collection(id));
      node.value = node.collections.map(itemText).join(', ');
      break;
    case 'select': {
      const chosen = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).map(String);
      node.value = chosen.map((choice) => param.options.find((option) => option.value === choice)?.label ?? choice).join(', ');
      break;
    }
    case 'boolean':
      node.value = truthy(value, param.truevalue) ? 'Yes' : 'No';
      break;
    case 'file':
      node.value = fileText(value);
      break;
    default:
      node.value = plainText(value);
  }
  return node;
}

/** Whether any stored name starts with the prefix (a repeat instance's). */
const hasGroup = (params: JobParams, prefix: string) => Object.keys(params).some((name) => name.startsWith(prefix));

function caseOf(input: Extract<ToolInput, { type: 'conditional' }>, value: unknown) {
  if (input.test.type === 'boolean') {
    const on = truthy(value, input.test.truevalue);
    const spellings = on ? ['true', input.test.truevalue] : ['false', input.test.falsevalue];
    return input.cases.find((when) => spellings.includes(when.value));
  }
  const selected = Array.isArray(value) ? value[0] : value;
  return input.cases.find((when) => when.value === String(selected ?? ''));
}

function levelNodes(inputs: readonly ToolInput[], prefix: string, params: JobParams, items: ParameterItems): ParameterNode[] {
  const nodes: ParameterNode[] = [];
  for (const input of inputs) {
    const name = `${prefix}${input.name}`;
    const group = (label: string, children: ParameterNode[]): ParameterNode => ({ name, label, value: '', datasets: [], collections: [], children });
    switch (input.type) {
      case 'repeat': {
        const title = input.title || input.name;
        const instances: ParameterNode[] = [];
        for (let index = 0; hasGroup(params, `${name}_${index}|`); index += 1) {
          instances.push({ ...group(`${title} ${index + 1}`, levelNodes(input.inputs, `${name}_${index}|`, params, items)), name: `${name}_${index}` });
        }
        nodes.push(group(title, instances));
        break;
      }
      case 'conditional': {
        const testName = `${name}|${input.test.name}`;
        if (!(testName in params)) break;
        const test = leafNode(input.test, testName, params[testName], items);
        const branch = caseOf(input, params[testName]);
        test.children = branch ? levelNodes(branch.inputs, `${name}|`, params, items) : [];
        nodes.push(test);
        break;
      }
      case 'section':
        nodes.push(group(input.title || input.name, levelNodes(input.inputs, `${name}|`, params, items)));
        break;
      case 'hidden':
        break;
      default:
        if (name in params) nodes.push(leafNode(input, name, params[name], items));
    }
  }
  return nodes;
}

/** The stored names as they are, each value as text (datasets as `hid: name`): a job whose tool is gone. */
function rawNodes(params: JobParams, items: ParameterItems): ParameterNode[] {
  return Object.entries(params)
    .filter(([name]) => name !== UPLOAD_ITEMS_PARAM)
    .map(([name, value]) => {
      const refs = (Array.isArray(value) ? value : [value]).filter(isRecord);
      const collections = refs.filter((ref) => typeof ref.collection_type === 'string' && typeof ref.id === 'string').map((ref) => items.collection(String(ref.id)));
      const datasets = refs.filter((ref) => ref.src === 'hda' && typeof ref.id === 'string').map((ref) => items.dataset(String(ref.id)));
      const shown = datasets.length || collections.length ? [...datasets, ...collections].map(itemText).join(', ') : plainText(value);
      return { name, label: name, value: shown, datasets, collections, children: [] };
    });
}

/** The job's parameters by the tool's labels (null tool: by their stored names). */
export function labelledParameters(tool: ToolDefinition | undefined, params: JobParams, items: ParameterItems): ParameterNode[] {
  return tool ? levelNodes(tool.inputs, '', params, items) : rawNodes(params, items);
}
