/**
 * The platform's (15.05) dictionaries for tools: `Tool.to_dict()` as listed by `GET /api/tools`,
 * with `io_details` the inputs and outputs shown by `GET /api/tools/{id}?io_details=true`, and the
 * `ToolSection` entries of the `in_panel` listing.
 */
import type { SelectOptionsSource, ToolInput, ToolParam } from './model/inputs';
import type { ToolDefinition, ToolOutput } from './model/tool-definition';
import type { JsonValue } from './params/state';
import type { PanelSectionRef, ToolRegistry } from './registry';

export type JsonObject = { [key: string]: JsonValue };

export interface ToolDict {
  model_class: 'Tool';
  id: string;
  name: string;
  version: string;
  description: string;
  labels: string[];
  form_style: 'regular';
  link: string;
  min_width: number;
  target: string;
  panel_section_id: string | null;
  panel_section_name: string | null;
  config_file?: string;
  inputs?: JsonObject[];
  outputs?: JsonObject[];
}

export interface ToolSectionDict {
  model_class: 'ToolSection';
  id: string;
  name: string;
  version: string;
  elems: ToolDict[];
}

export interface ToolDictOptions {
  ioDetails?: boolean;
  /** Panel section of the tool; look it up with `registry.sectionOf(id)`. */
  section?: PanelSectionRef | null;
  /** Admins also see the XML's path (`config_file`). */
  admin?: boolean;
  /** The options of dynamic selects (data tables) as they are now; without it they list their static options. */
  selectOptions?: SelectOptionsSource;
}

/** Python's `quote_plus`, as the platform's url_for encodes the tool id in links. */
function quotePlus(text: string): string {
  return Array.from(new TextEncoder().encode(text))
    .map((byte) => {
      const char = String.fromCharCode(byte);
      if (/[A-Za-z0-9_.-]/.test(char)) return char;
      if (char === ' ') return '+';
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

const PARAM_MODEL_CLASS: Readonly<Record<ToolParam['type'], string>> = {
  data: 'DataToolParameter',
  data_collection: 'DataCollectionToolParameter',
  text: 'TextToolParameter',
  integer: 'IntegerToolParameter',
  float: 'FloatToolParameter',
  boolean: 'BooleanToolParameter',
  select: 'SelectToolParameter',
  hidden: 'HiddenToolParameter',
  file: 'FileToolParameter',
  data_column: 'ColumnListParameter',
};

function paramDict(param: ToolParam, source: SelectOptionsSource | undefined): JsonObject {
  const base: JsonObject = {
    model_class: PARAM_MODEL_CLASS[param.type],
    name: param.name,
    type: param.type,
    label: param.label,
    help: param.help,
    optional: param.optional,
  };
  switch (param.type) {
    case 'data':
      return { ...base, extensions: [...param.formats], multiple: param.multiple };
    case 'data_collection':
      return { ...base, extensions: [...param.formats], collection_types: [...param.collectionTypes] };
    case 'text':
      return { ...base, value: param.value, area: param.area };
    case 'hidden':
      return { ...base, value: param.value };
    case 'integer':
    case 'float':
      // The platform keeps the XML's text for the default.
      return { ...base, value: param.value === null ? '' : String(param.value), min: param.min, max: param.max };
    case 'boolean':
      return { ...base, value: param.checked, truevalue: param.truevalue, falsevalue: param.falsevalue };
    case 'select': {
      // Dynamic options (a data table's rows) replace the static ones, as on the platform.
      const options = (param.dynamicOptions && source ? source(param) : null) ?? param.options;
      const selected = options.filter((option) => option.selected).map((option) => option.value);
      const fallback = selected.length || param.multiple || param.optional ? selected : options.slice(0, 1).map((option) => option.value);
      return {
        ...base,
        value: param.multiple ? fallback : fallback[0] ?? null,
        options: options.map((option) => [option.label, option.value, option.selected]),
        display: param.display,
        multiple: param.multiple,
        is_dynamic: param.dynamicOptions !== null,
      };
    }
    case 'data_column':
      return { ...base, value: param.value === null ? null : String(param.value), data_ref: param.dataRef, multiple: param.multiple, numerical: param.numerical };
    case 'file':
      return base;
  }
}

function inputDict(input: ToolInput, source: SelectOptionsSource | undefined): JsonObject {
  const inputsOf = (inputs: readonly ToolInput[]) => inputs.map((inner) => inputDict(inner, source));
  switch (input.type) {
    case 'repeat':
      return {
        model_class: 'Repeat',
        name: input.name,
        type: 'repeat',
        title: input.title,
        help: input.help,
        default: input.defaultCount,
        min: input.min,
        // JSON has no infinity; the platform's safe JSON writes it so.
        max: input.max ?? '__Infinity__',
        inputs: inputsOf(input.inputs),
      };
    case 'conditional':
      return {
        model_class: 'Conditional',
        name: input.name,
        type: 'conditional',
        test_param: paramDict(input.test, source),
        cases: input.cases.map((when) => ({ model_class: 'ConditionalWhen', value: when.value, inputs: inputsOf(when.inputs) })),
      };
    case 'section':
      return {
        model_class: 'Section',
        name: input.name,
        type: 'section',
        title: input.title,
        help: input.help,
        expanded: input.expanded,
        inputs: inputsOf(input.inputs),
      };
    default:
      return paramDict(input, source);
  }
}

function outputDict(output: ToolOutput): JsonObject {
  return { model_class: 'ToolOutput', name: output.name, format: output.format, label: output.label, hidden: output.hidden };
}

export function toolDict(tool: ToolDefinition, options: ToolDictOptions = {}): ToolDict {
  const section = options.section ?? null;
  const dict: ToolDict = {
    model_class: 'Tool',
    id: tool.id,
    name: tool.name,
    version: tool.version,
    description: tool.description,
    labels: [],
    form_style: 'regular',
    link: `/tool_runner?tool_id=${quotePlus(tool.id)}`,
    min_width: -1,
    target: 'galaxy_main',
    panel_section_id: section ? section.id : null,
    panel_section_name: section ? section.name : null,
  };
  if (options.admin && tool.source) dict.config_file = tool.source;
  if (options.ioDetails) {
    dict.inputs = tool.inputs.map((input) => inputDict(input, options.selectOptions));
    dict.outputs = tool.outputs.map(outputDict);
  }
  return dict;
}

/** `GET /api/tools?in_panel=false`: every panel tool, flat, in panel order. */
export function listToolDicts(registry: ToolRegistry, options: { admin?: boolean } = {}): ToolDict[] {
  return panelSections(registry, options).flatMap((entry) => (entry.model_class === 'ToolSection' ? entry.elems : [entry]));
}

/** `GET /api/tools` (in_panel=true, the default): sections with their tools, plus top-level tools. */
export function panelSections(registry: ToolRegistry, options: { admin?: boolean } = {}): Array<ToolSectionDict | ToolDict> {
  const entries: Array<ToolSectionDict | ToolDict> = [];
  for (const entry of registry.panelEntries()) {
    if (entry.kind === 'tool') {
      const tool = registry.get(entry.toolId);
      if (tool) entries.push(toolDict(tool, { admin: options.admin }));
      continue;
    }
    const elems = entry.toolIds
      .map((id) => registry.get(id))
      .filter((tool): tool is ToolDefinition => tool !== undefined)
      .map((tool) => toolDict(tool, { section: entry.section, admin: options.admin }));
    entries.push({ model_class: 'ToolSection', id: entry.section.id, name: entry.section.name, version: '', elems });
  }
  return entries;
}
