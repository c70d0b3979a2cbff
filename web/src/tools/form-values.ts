import type { FormInput } from './tool-documents';

/** A field's value in the form: text, chosen options, a checkbox, or dataset ids. */
export type FieldValue = string | string[] | boolean;

export interface FormState {
  /** By flat name ('cond|param', 'queries_0|input2'). */
  values: Record<string, FieldValue>;
  /** Repeats' counts by flat name. */
  repeats: Record<string, number>;
  /** Data inputs run in batch over a collection, by flat name (the value is then the collection's id). */
  batch: Record<string, boolean>;
}

export const emptyFormState = (): FormState => ({ values: {}, repeats: {}, batch: {} });

/** The flat name of an input under a prefix (a conditional's, section's or repeat instance's). */
export const flatName = (prefix: string, name: string) => (prefix ? `${prefix}|${name}` : name);

/** What a field holds before anyone changes it: the tool's default. */
export function initialValue(input: FormInput): FieldValue {
  switch (input.__typename) {
    case 'TextToolInput':
    case 'HiddenToolInput':
      return input.defaultText;
    case 'IntegerToolInput':
      return input.defaultNumber === null ? '' : String(input.defaultNumber);
    case 'FloatToolInput':
      return input.defaultFloat === null ? '' : String(input.defaultFloat);
    case 'DataColumnToolInput':
      return input.defaultNumber === null ? '' : String(input.defaultNumber);
    case 'BooleanToolInput':
      return input.checked;
    case 'SelectToolInput': {
      const selected = input.options.filter((option) => option.selected).map((option) => option.value);
      if (input.multiple) return selected;
      return selected[0] ?? input.options[0]?.value ?? '';
    }
    case 'DataToolInput':
      return input.multiple ? [] : '';
    default:
      return '';
  }
}

export const valueOf = (state: FormState, name: string, input: FormInput): FieldValue => state.values[name] ?? initialValue(input);

/** The repeat's number of instances now (its default until changed). */
export const repeatCount = (state: FormState, name: string, input: FormInput): number =>
  state.repeats[name] ?? ('minCount' in input && 'defaultCount' in input ? Math.max(input.defaultCount, input.minCount) : 0);

/** The chosen case of a conditional (its test's value as text). */
export function conditionalValue(state: FormState, prefix: string, input: FormInput): string {
  if (input.__typename !== 'ConditionalToolInput' || !('test' in input)) return '';
  const test = input.test;
  const value = valueOf(state, flatName(flatName(prefix, input.name), test.name), test);
  if (typeof value === 'boolean') return test.__typename === 'BooleanToolInput' ? (value ? 'true' : 'false') : String(value);
  return Array.isArray(value) ? (value[0] ?? '') : value;
}

/** The inputs a container shows: a conditional's chosen case, a repeat's or section's own. */
export function childrenOf(input: FormInput): readonly FormInput[] {
  return 'inputs' in input && Array.isArray(input.inputs) ? (input.inputs as readonly FormInput[]) : [];
}

export function chosenCase(state: FormState, prefix: string, input: FormInput): readonly FormInput[] {
  if (input.__typename !== 'ConditionalToolInput' || !('cases' in input)) return [];
  const value = conditionalValue(state, prefix, input);
  const found = input.cases.find((branch) => branch.value === value);
  return found && 'inputs' in found ? (found.inputs as readonly FormInput[]) : [];
}

/** Visits every input the form shows now, with its flat name (containers before their children). */
export function visit(state: FormState, inputs: readonly FormInput[], prefix: string, each: (input: FormInput, name: string) => void): void {
  for (const input of inputs) {
    const name = flatName(prefix, input.name);
    each(input, name);
    switch (input.__typename) {
      case 'ConditionalToolInput':
        if ('test' in input) each(input.test, flatName(name, input.test.name));
        visit(state, chosenCase(state, prefix, input), name, each);
        break;
      case 'SectionToolInput':
        visit(state, childrenOf(input), name, each);
        break;
      case 'RepeatToolInput': {
        const count = repeatCount(state, name, input);
        for (let index = 0; index < count; index += 1) visit(state, childrenOf(input), `${name}_${index}`, each);
        break;
      }
      default:
        break;
    }
  }
}
