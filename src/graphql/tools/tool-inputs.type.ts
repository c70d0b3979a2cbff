import { loadDatatypesRegistry } from '../../datatypes';
import { Field, Int, InterfaceType, ObjectType } from 'type-graphql';
import type { SelectOption, SelectOptionsSource, ToolInput } from '../../tools';

/**
 * A tool's form as typed fields: one GraphQL type per kind of input, so that a client builds the
 * form from the schema. Field names differ where their types differ (a text default is `defaultText`,
 * a number's `defaultNumber`), so one query can ask for every kind side by side.
 */
export type ToolInputNode = Record<string, unknown> & { type: ToolInput['type'] };

const TYPE_NAMES: Record<ToolInput['type'], string> = {
  text: 'TextToolInput',
  integer: 'IntegerToolInput',
  float: 'FloatToolInput',
  boolean: 'BooleanToolInput',
  select: 'SelectToolInput',
  hidden: 'HiddenToolInput',
  file: 'FileToolInput',
  data: 'DataToolInput',
  data_collection: 'DataCollectionToolInput',
  data_column: 'DataColumnToolInput',
  repeat: 'RepeatToolInput',
  conditional: 'ConditionalToolInput',
  section: 'SectionToolInput',
};

@InterfaceType('ToolInput', {
  description: "An input of a tool's form.",
  resolveType: (value: ToolInputNode) => TYPE_NAMES[value.type],
})
export abstract class ToolInputInterface {
  @Field(() => String, { description: 'The name the run request gives its value under (flat names join with |).' })
  name!: string;

  @Field(() => String, { description: "The platform's parameter type (text, integer, select, data, repeat, conditional…)." })
  type!: string;

  @Field(() => String, { description: 'What the form shows (the title of a repeat or section; the name when none is given).' })
  label!: string;

  @Field(() => String)
  help!: string;

  @Field(() => Boolean, { description: 'Whether the run may leave it empty.' })
  optional!: boolean;
}

@ObjectType('TextToolInput', { implements: ToolInputInterface })
export class TextToolInputType extends ToolInputInterface {
  @Field(() => String)
  defaultText!: string;

  @Field(() => Boolean, { description: 'A text area (several lines) rather than one line.' })
  area!: boolean;
}

@ObjectType('HiddenToolInput', { implements: ToolInputInterface })
export class HiddenToolInputType extends ToolInputInterface {
  @Field(() => String)
  defaultText!: string;
}

@ObjectType('IntegerToolInput', { implements: ToolInputInterface })
export class IntegerToolInputType extends ToolInputInterface {
  @Field(() => Int, { nullable: true })
  defaultNumber!: number | null;

  @Field(() => Int, { nullable: true })
  min!: number | null;

  @Field(() => Int, { nullable: true })
  max!: number | null;
}

@ObjectType('FloatToolInput', { implements: ToolInputInterface })
export class FloatToolInputType extends ToolInputInterface {
  @Field(() => Number, { nullable: true, name: 'defaultFloat' })
  defaultFloat!: number | null;

  @Field(() => Number, { nullable: true })
  minFloat!: number | null;

  @Field(() => Number, { nullable: true })
  maxFloat!: number | null;
}

@ObjectType('BooleanToolInput', { implements: ToolInputInterface })
export class BooleanToolInputType extends ToolInputInterface {
  @Field(() => Boolean)
  checked!: boolean;

  @Field(() => String)
  truevalue!: string;

  @Field(() => String)
  falsevalue!: string;
}

@ObjectType('ToolSelectOption')
export class ToolSelectOptionType {
  @Field(() => String)
  label!: string;

  @Field(() => String)
  value!: string;

  @Field(() => Boolean)
  selected!: boolean;
}

@ObjectType('SelectToolInput', { implements: ToolInputInterface })
export class SelectToolInputType extends ToolInputInterface {
  @Field(() => [ToolSelectOptionType], { description: "Its options: the tool's own, or the rows of the tool data table it reads, as they are now." })
  options!: SelectOption[];

  @Field(() => Boolean)
  multiple!: boolean;

  @Field(() => String, { nullable: true, description: "'radio' or 'checkboxes' when the tool asks for them." })
  display!: string | null;

  @Field(() => String, { nullable: true, description: 'The tool data table the options come from.' })
  dataTable!: string | null;
}

@ObjectType('FileToolInput', { implements: ToolInputInterface })
export class FileToolInputType extends ToolInputInterface {}

@ObjectType('DataToolInput', { implements: ToolInputInterface })
export class DataToolInputType extends ToolInputInterface {
  @Field(() => [String], { description: "Accepted datatypes ('data': any)." })
  formats!: string[];

  @Field(() => [String], { description: 'Every known extension the input accepts: its formats and their subtypes (a tabular input accepts bed, interval…).' })
  acceptedExtensions!: string[];

  @Field(() => Boolean)
  multiple!: boolean;
}

@ObjectType('DataCollectionToolInput', { implements: ToolInputInterface })
export class DataCollectionToolInputType extends ToolInputInterface {
  @Field(() => [String], { description: 'Accepted collection types (list, paired, list:paired…); empty: any.' })
  collectionTypes!: string[];

  @Field(() => [String])
  formats!: string[];
}

@ObjectType('DataColumnToolInput', { implements: ToolInputInterface })
export class DataColumnToolInputType extends ToolInputInterface {
  @Field(() => String, { nullable: true, description: 'The data input whose columns it numbers.' })
  dataRef!: string | null;

  @Field(() => Int, { nullable: true })
  defaultNumber!: number | null;

  @Field(() => Boolean)
  multiple!: boolean;

  @Field(() => Boolean)
  numerical!: boolean;
}

@ObjectType('RepeatToolInput', { implements: ToolInputInterface })
export class RepeatToolInputType extends ToolInputInterface {
  @Field(() => Int)
  minCount!: number;

  @Field(() => Int, { nullable: true })
  maxCount!: number | null;

  @Field(() => Int, { description: 'Instances a fresh form starts with.' })
  defaultCount!: number;

  @Field(() => [ToolInputInterface], { description: 'The inputs of one instance (named `<repeat>_<index>|<input>`).' })
  inputs!: ToolInputNode[];
}

@ObjectType('ToolConditionalCase')
export class ToolConditionalCaseType {
  @Field(() => String, { description: "The test's value that selects this case." })
  value!: string;

  @Field(() => [ToolInputInterface])
  inputs!: ToolInputNode[];
}

@ObjectType('ConditionalToolInput', { implements: ToolInputInterface })
export class ConditionalToolInputType extends ToolInputInterface {
  @Field(() => ToolInputInterface, { description: 'The select or boolean that picks the case (named `<conditional>|<test>`).' })
  test!: ToolInputNode;

  @Field(() => [ToolConditionalCaseType])
  cases!: Array<{ value: string; inputs: ToolInputNode[] }>;
}

@ObjectType('SectionToolInput', { implements: ToolInputInterface })
export class SectionToolInputType extends ToolInputInterface {
  @Field(() => Boolean)
  expanded!: boolean;

  @Field(() => [ToolInputInterface])
  inputs!: ToolInputNode[];
}

export const TOOL_INPUT_TYPES = [
  TextToolInputType,
  HiddenToolInputType,
  IntegerToolInputType,
  FloatToolInputType,
  BooleanToolInputType,
  SelectToolInputType,
  FileToolInputType,
  DataToolInputType,
  DataCollectionToolInputType,
  DataColumnToolInputType,
  RepeatToolInputType,
  ConditionalToolInputType,
  SectionToolInputType,
] as const;

/** A parsed input as the graph shows it: common fields filled, a select's options resolved now. */
export function toolInputNode(input: ToolInput, selectOptions: SelectOptionsSource): ToolInputNode {
  const common = { name: input.name, type: input.type };
  switch (input.type) {
    case 'repeat':
      return { ...common, label: input.title || input.name, help: input.help, optional: input.min === 0, minCount: input.min, maxCount: input.max, defaultCount: input.defaultCount, inputs: input.inputs.map((child) => toolInputNode(child, selectOptions)) };
    case 'section':
      return { ...common, label: input.title || input.name, help: input.help, optional: false, expanded: input.expanded, inputs: input.inputs.map((child) => toolInputNode(child, selectOptions)) };
    case 'conditional':
      return {
        ...common,
        label: input.test.label || input.name,
        help: input.test.help,
        optional: false,
        test: toolInputNode(input.test, selectOptions),
        cases: input.cases.map((branch) => ({ value: branch.value, inputs: branch.inputs.map((child) => toolInputNode(child, selectOptions)) })),
      };
    default: {
      const base = { ...common, label: input.label || input.name, help: input.help, optional: input.optional };
      switch (input.type) {
        case 'text':
          return { ...base, defaultText: input.value, area: input.area };
        case 'hidden':
          return { ...base, defaultText: input.value };
        case 'integer':
          return { ...base, defaultNumber: input.value, min: input.min, max: input.max };
        case 'float':
          return { ...base, defaultFloat: input.value, minFloat: input.min, maxFloat: input.max };
        case 'boolean':
          return { ...base, checked: input.checked, truevalue: input.truevalue, falsevalue: input.falsevalue };
        case 'select':
          return { ...base, options: selectOptions(input) ?? input.options, multiple: input.multiple, display: input.display, dataTable: input.dynamicOptions?.fromDataTable ?? null };
        case 'file':
          return base;
        case 'data':
          return { ...base, formats: input.formats, acceptedExtensions: loadDatatypesRegistry().acceptedBy(input.formats), multiple: input.multiple };
        case 'data_collection':
          return { ...base, collectionTypes: input.collectionTypes, formats: input.formats };
        case 'data_column':
          return { ...base, dataRef: input.dataRef, defaultNumber: input.value, multiple: input.multiple, numerical: input.numerical };
      }
    }
  }
}
