/**
 * The variables a tool's templates see: one wrapper per input (groups nested), the outputs, and
 * the run's environment values (`$__tool_directory__`, `$__new_file_path__`, config file paths,
 * and any extra plain values such as `$GALAXY_SLOTS`).
 */
import { dirname } from 'node:path';
import type { ToolInput } from '../model/inputs';
import type { ToolDefinition } from '../model/tool-definition';
import { resolveOutputFormat } from '../outputs';
import type { CollectionValue, DatasetLike, InputState, MetadataValue, ParamState } from '../params/state';
import type { TemplateValue } from './values';
import {
  BooleanWrapper,
  CollectionWrapper,
  DataColumnWrapper,
  DatasetListWrapper,
  DatasetWrapper,
  FileWrapper,
  GroupWrapper,
  NumberWrapper,
  SelectWrapper,
  TextWrapper,
  type DatasetView,
} from './wrappers';

/** An output dataset of the run being prepared. */
export interface OutputLike {
  path: string;
  ext?: string;
  name?: string;
  filesPath?: string;
  id?: string;
  metadata?: Readonly<Record<string, MetadataValue>>;
}

export interface RenderEnv {
  /** Output name → path (or fuller description); `$out_file1` renders the path. */
  outputs?: Readonly<Record<string, string | OutputLike>>;
  /** `$__tool_directory__`; defaults to the directory of the tool's XML file. */
  toolDirectory?: string;
  /** `$__new_file_path__`. */
  newFilePath?: string;
  /** Config file name → path of its rendered file, for `$name` in the command. */
  configFiles?: Readonly<Record<string, string>>;
  /** More plain values (`GALAXY_SLOTS`, `__user_email__`, …); trusted, rendered as given. */
  variables?: Readonly<Record<string, string | number | boolean>>;
  /** Quote user-derived values for the shell (default true). */
  shellQuoting?: boolean;
}

/** The platform's extra-files directory: `dataset_1.dat` → `dataset_1_files`. */
export function defaultFilesPath(path: string): string {
  return `${path.replace(/\.dat$/, '')}_files`;
}

function viewOf(dataset: DatasetLike): DatasetView {
  return {
    id: dataset.id,
    path: dataset.path,
    ext: dataset.ext,
    name: dataset.name,
    metadata: dataset.metadata,
    filesPath: dataset.filesPath ?? defaultFilesPath(dataset.path),
    hid: dataset.hid ?? null,
    dbkey: dataset.dbkey ?? '?',
    info: dataset.info ?? '',
  };
}

function wrapInput(input: ToolInput, state: InputState, path: string): TemplateValue {
  const label = `parameter '${path}'`;
  switch (input.type) {
    case 'repeat': {
      if (state.type !== 'repeat') break;
      return state.instances.map((instance, index) => {
        const members = wrapLevel(input.inputs, instance, `${path}_${index}|`);
        members.set('__index__', index);
        return new GroupWrapper(`repeat '${path}' instance ${index}`, members);
      });
    }
    case 'conditional': {
      if (state.type !== 'conditional') break;
      const members = wrapLevel([input.test, ...(input.cases[state.currentCase]?.inputs ?? [])], state.values, `${path}|`);
      members.set('__current_case__', state.currentCase);
      return new GroupWrapper(`conditional '${path}'`, members);
    }
    case 'section':
      if (state.type !== 'section') break;
      return new GroupWrapper(`section '${path}'`, wrapLevel(input.inputs, state.values, `${path}|`));
    case 'boolean':
      if (state.type !== 'boolean') break;
      return new BooleanWrapper(label, state.value, input.truevalue, input.falsevalue);
    default:
      break;
  }
  switch (state.type) {
    case 'data': {
      const datasets = state.datasets.map(({ dataset }) => new DatasetWrapper(`dataset '${path}'`, viewOf(dataset)));
      if (state.multiple) return new DatasetListWrapper(`datasets '${path}'`, datasets);
      return datasets[0] ?? new DatasetWrapper(`dataset '${path}'`, null);
    }
    case 'data_collection':
      return state.collection ? wrapCollection(state.collection, path) : null;
    case 'text':
    case 'hidden':
      return new TextWrapper(label, state.value);
    case 'integer':
    case 'float':
      return new NumberWrapper(label, state.value, state.type === 'float');
    case 'select':
      return new SelectWrapper(label, state.values, state.multiple);
    case 'data_column':
      return new DataColumnWrapper(label, state.columns, state.multiple);
    case 'file':
      return new FileWrapper(label, state.value);
    case 'boolean':
      return new BooleanWrapper(label, state.value, 'true', 'false');
    default:
      return null;
  }
}

function wrapCollection(collection: CollectionValue, path: string): CollectionWrapper {
  return new CollectionWrapper(
    `collection '${path}'`,
    collection.elements.map((element) => ({
      identifier: element.identifier,
      value: element.collection
        ? wrapCollection(element.collection, `${path}|${element.identifier}`)
        : new DatasetWrapper(`dataset '${path}|${element.identifier}'`, element.dataset ? viewOf(element.dataset.dataset) : null),
    })),
  );
}

function wrapLevel(inputs: readonly ToolInput[], state: ParamState, prefix: string): Map<string, TemplateValue> {
  const members = new Map<string, TemplateValue>();
  for (const input of inputs) {
    const value = state[input.name];
    if (value !== undefined) members.set(input.name, wrapInput(input, value, `${prefix}${input.name}`));
  }
  return members;
}

function outputWrapper(name: string, given: string | OutputLike, ext: string): DatasetWrapper {
  const output: OutputLike = typeof given === 'string' ? { path: given } : given;
  return new DatasetWrapper(`output '${name}'`, {
    id: output.id ?? null,
    path: output.path,
    ext: output.ext ?? ext,
    name: output.name ?? name,
    metadata: output.metadata ?? {},
    filesPath: output.filesPath ?? defaultFilesPath(output.path),
    hid: null,
    dbkey: '?',
    info: '',
  });
}

export function buildNamespace(tool: ToolDefinition, state: ParamState, env: RenderEnv): Map<string, TemplateValue> {
  const namespace = wrapLevel(tool.inputs, state, '');
  for (const output of tool.outputs) {
    const given = env.outputs?.[output.name];
    if (given !== undefined) namespace.set(output.name, outputWrapper(output.name, given, resolveOutputFormat(output, state)));
  }
  const toolDirectory = env.toolDirectory ?? (tool.source ? dirname(tool.source) : undefined);
  if (toolDirectory !== undefined) namespace.set('__tool_directory__', toolDirectory);
  if (env.newFilePath !== undefined) namespace.set('__new_file_path__', env.newFilePath);
  for (const [name, path] of Object.entries(env.configFiles ?? {})) namespace.set(name, path);
  for (const [name, value] of Object.entries(env.variables ?? {})) namespace.set(name, value);
  return namespace;
}
