/**
 * Typed parameter state: the tool's inputs with request values applied, defaults filled in and
 * dataset references resolved. Keys are input names; groups nest.
 */

/** JSON as it arrives in a request body (upload slots keep whatever the client sent). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A metadata value of a dataset (column counts, column names, …). */
export type MetadataValue = string | number | boolean | null | MetadataValue[];

/** What the module needs to know about a dataset; the job engine supplies it through a resolver. */
export interface DatasetLike {
  /** Encoded id, as used in the API. */
  id: string;
  /** Path of the dataset's file on disk. */
  path: string;
  /** Datatype extension, e.g. `tabular`. */
  ext: string;
  name: string;
  metadata: Readonly<Record<string, MetadataValue>>;
  /** Directory of extra files; defaults to `<path without .dat>_files`. */
  filesPath?: string;
  hid?: number;
  dbkey?: string;
  info?: string;
}

/** `hda` a history dataset; `ld` a library dataset (its current version); `ldda` one library dataset version. */
export type DataSource = 'hda' | 'ld' | 'ldda';

export interface DataRef {
  src: DataSource;
  id: string;
}

export type DatasetResolver = (ref: DataRef) => Promise<DatasetLike>;

export interface ResolvedDataset {
  ref: DataRef;
  dataset: DatasetLike;
}

export interface DataState {
  type: 'data';
  multiple: boolean;
  /** Empty when an optional input was left out; one entry unless the parameter is multiple. */
  datasets: ResolvedDataset[];
}
/** One element of a collection input: a dataset, or a child collection. */
export interface CollectionElementState {
  identifier: string;
  dataset?: ResolvedDataset;
  collection?: CollectionValue;
}

/** A collection given to a collection input, with its elements resolved. */
export interface CollectionValue {
  /** The history dataset collection (`{src: 'hdca', id}`); child collections have none. */
  ref: { src: 'hdca'; id: string } | null;
  collectionType: string;
  elements: CollectionElementState[];
}

export type CollectionResolver = (ref: { src: 'hdca'; id: string }) => Promise<CollectionValue>;

export interface DataCollectionState {
  type: 'data_collection';
  /** Null when an optional input was left out. */
  collection: CollectionValue | null;
}

export interface TextState {
  type: 'text';
  value: string;
}
export interface IntegerState {
  type: 'integer';
  value: number | null;
}
export interface FloatState {
  type: 'float';
  value: number | null;
}
export interface BooleanState {
  type: 'boolean';
  value: boolean;
}
export interface SelectState {
  type: 'select';
  multiple: boolean;
  /** Chosen values in order; at most one unless the parameter is multiple. */
  values: string[];
}
export interface HiddenState {
  type: 'hidden';
  value: string;
}
export interface FileState {
  type: 'file';
  value: JsonValue;
}
export interface DataColumnState {
  type: 'data_column';
  multiple: boolean;
  /** 1-based columns; at most one unless the parameter is multiple. */
  columns: number[];
}
export interface RepeatState {
  type: 'repeat';
  instances: ParamState[];
}
export interface ConditionalState {
  type: 'conditional';
  /** Index into the conditional's cases (the platform's `__current_case__`). */
  currentCase: number;
  /** The selector's state under its own name, plus the chosen branch's inputs. */
  values: ParamState;
}
export interface SectionState {
  type: 'section';
  values: ParamState;
}

export type LeafState =
  | DataState
  | DataCollectionState
  | TextState
  | IntegerState
  | FloatState
  | BooleanState
  | SelectState
  | HiddenState
  | FileState
  | DataColumnState;

export type InputState = LeafState | RepeatState | ConditionalState | SectionState;

export interface ParamState {
  [name: string]: InputState;
}
