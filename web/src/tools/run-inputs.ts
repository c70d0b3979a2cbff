import { type FieldValue, type FormState, valueOf, visit } from './form-values';
import type { FormInput } from './tool-documents';

type RunValue = string | number | boolean | string[] | { src: string; id: string } | { values: Array<{ src: string; id: string }>; batch?: boolean };

const hda = (id: string) => ({ src: 'hda', id });

/** One field's value as the run request takes it; undefined: left out. */
function runValue(input: FormInput, value: FieldValue, batch: boolean): RunValue | undefined {
  switch (input.__typename) {
    case 'DataToolInput': {
      if (batch) return typeof value === 'string' && value ? { batch: true, values: [{ src: 'hdca', id: value }] } : undefined;
      const ids = (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string' && id !== '');
      if (ids.length === 0) return undefined;
      return input.multiple ? { values: ids.map(hda) } : hda(ids[0]);
    }
    case 'DataCollectionToolInput':
      return typeof value === 'string' && value ? { src: 'hdca', id: value } : undefined;
    case 'IntegerToolInput':
    case 'FloatToolInput':
      return typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined;
    case 'FileToolInput':
    case 'ConditionalToolInput':
    case 'RepeatToolInput':
    case 'SectionToolInput':
      return undefined;
    default:
      return value;
  }
}

/** The run request's inputs: every field the form shows, by its flat name. */
export function runInputs(state: FormState, inputs: readonly FormInput[]): Record<string, RunValue> {
  const out: Record<string, RunValue> = {};
  visit(state, inputs, '', (input, name) => {
    const value = runValue(input, valueOf(state, name, input), Boolean(state.batch[name]));
    if (value !== undefined) out[name] = value;
  });
  return out;
}

/** What the form can tell before asking the graph: required fields, numbers and their bounds. By flat name. */
export function validate(state: FormState, inputs: readonly FormInput[]): Record<string, string> {
  const errors: Record<string, string> = {};
  visit(state, inputs, '', (input, name) => {
    const value = valueOf(state, name, input);
    const empty = value === '' || (Array.isArray(value) && value.length === 0);
    if ((input.__typename === 'DataToolInput' || input.__typename === 'DataCollectionToolInput') && empty && !input.optional) {
      errors[name] = 'Choose a dataset.';
      return;
    }
    if (input.__typename !== 'IntegerToolInput' && input.__typename !== 'FloatToolInput') return;
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') {
      if (!input.optional) errors[name] = 'A number is required.';
      return;
    }
    const number = Number(text);
    const integer = input.__typename === 'IntegerToolInput';
    if (!Number.isFinite(number) || (integer && !Number.isInteger(number))) {
      errors[name] = integer ? 'Enter a whole number.' : 'Enter a number.';
      return;
    }
    const min = integer ? input.min : input.minFloat;
    const max = integer ? input.max : input.maxFloat;
    if (min !== null && number < min) errors[name] = `At least ${min}.`;
    else if (max !== null && number > max) errors[name] = `At most ${max}.`;
  });
  return errors;
}

/** Which field a graph error names (the longest flat name in its message), else null (shown at the top). */
export function fieldOfMessage(message: string, names: readonly string[]): string | null {
  const found = names.filter((name) => message.includes(name)).sort((a, b) => b.length - a.length);
  return found[0] ?? null;
}
