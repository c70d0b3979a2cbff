/**
 * Tool input definitions as parsed from `<inputs>`: a discriminated union on `type` for leaf
 * parameters, plus the three grouping elements (repeat, conditional, section).
 */

/** A `<validator>` child, kept as declared; the enforced kinds are listed in params/validators.ts. */
export interface ValidatorSpec {
  type: string;
  message: string | null;
  attributes: Readonly<Record<string, string>>;
  /** Element text (the expression of `expression` validators). */
  text: string;
}

interface ParamBase {
  name: string;
  label: string;
  help: string;
  optional: boolean;
  validators: ValidatorSpec[];
}

export interface DataParam extends ParamBase {
  type: 'data';
  /** Accepted extensions from the `format` attribute (`['data']`, meaning any, when absent). */
  formats: string[];
  multiple: boolean;
}

/** A collection input (`type="data_collection"`): one history dataset collection. */
export interface DataCollectionParam extends ParamBase {
  type: 'data_collection';
  /** Accepted collection types (`list`, `paired`, `list:paired`…); empty accepts any. */
  collectionTypes: string[];
  /** Accepted extensions of the datasets inside (`['data']`, meaning any, when absent). */
  formats: string[];
}

export interface TextParam extends ParamBase {
  type: 'text';
  value: string;
  area: boolean;
}

export interface IntegerParam extends ParamBase {
  type: 'integer';
  /** Default; null when the XML gives none (allowed for optional parameters). */
  value: number | null;
  min: number | null;
  max: number | null;
}

export interface FloatParam extends ParamBase {
  type: 'float';
  value: number | null;
  min: number | null;
  max: number | null;
}

export interface BooleanParam extends ParamBase {
  type: 'boolean';
  checked: boolean;
  truevalue: string;
  falsevalue: string;
}

export interface SelectOption {
  label: string;
  value: string;
  selected: boolean;
}

/** An `<options>` `<filter type=…>` as declared (applied by params/dynamic-options.ts). */
export interface OptionsFilterSpec {
  type: string;
  attributes: Readonly<Record<string, string>>;
}

/**
 * `<options>` sources. The module cannot resolve them alone (no data tables, files or registry here):
 * a caller may give the options of a data table through a `SelectOptionsSource`.
 */
export interface DynamicOptionsSpec {
  fromDataTable: string | null;
  fromFile: string | null;
  fromParameter: string | null;
  fromDataset: string | null;
  /** `<column name index>` children: which fields are the option's value and name (empty: the table's own columns). */
  columns: Array<{ name: string; index: number }>;
  filters: OptionsFilterSpec[];
}

/**
 * The options of a select whose options are dynamic, as the caller knows them now (a data table's
 * rows); null when it cannot tell, in which case any value is accepted.
 */
export type SelectOptionsSource = (param: SelectParam) => SelectOption[] | null;

export interface SelectParam extends ParamBase {
  type: 'select';
  options: SelectOption[];
  /** When present, values outside `options` are accepted: the real list is only known elsewhere. */
  dynamicOptions: DynamicOptionsSpec | null;
  multiple: boolean;
  display: string | null;
}

export interface HiddenParam extends ParamBase {
  type: 'hidden';
  value: string;
}

/** `type="file"`: an upload slot; its value is handed to the job engine untouched. */
export interface FileParam extends ParamBase {
  type: 'file';
}

/** `type="data_column"`: a 1-based column number of the dataset named by `dataRef`. */
export interface DataColumnParam extends ParamBase {
  type: 'data_column';
  dataRef: string | null;
  value: number | null;
  multiple: boolean;
  numerical: boolean;
}

export type ToolParam =
  | DataParam
  | DataCollectionParam
  | TextParam
  | IntegerParam
  | FloatParam
  | BooleanParam
  | SelectParam
  | HiddenParam
  | FileParam
  | DataColumnParam;

export type ToolParamType = ToolParam['type'];

export interface RepeatInput {
  type: 'repeat';
  name: string;
  title: string;
  help: string;
  min: number;
  max: number | null;
  /** Instances a fresh form starts with (`default` attribute). */
  defaultCount: number;
  inputs: ToolInput[];
}

export interface ConditionalCase {
  value: string;
  inputs: ToolInput[];
}

export interface ConditionalInput {
  type: 'conditional';
  name: string;
  /** The selector; only select and boolean parameters can choose a branch. */
  test: SelectParam | BooleanParam;
  cases: ConditionalCase[];
}

export interface SectionInput {
  type: 'section';
  name: string;
  title: string;
  help: string;
  expanded: boolean;
  inputs: ToolInput[];
}

export type ToolInput = ToolParam | RepeatInput | ConditionalInput | SectionInput;

export function isGroupInput(input: ToolInput): input is RepeatInput | ConditionalInput | SectionInput {
  return input.type === 'repeat' || input.type === 'conditional' || input.type === 'section';
}
