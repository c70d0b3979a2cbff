import { emptyFormState, type FieldValue, type FormState, visit } from '../../tools/form-values';
import type { FormInput } from '../../tools/tool-documents';

/** The form leaves out data inputs: in a workflow they are fed by the outputs of earlier steps. */
export function withoutDataInputs(inputs: readonly FormInput[]): FormInput[] {
  return inputs
    .filter((input) => input.__typename !== 'DataToolInput' && input.__typename !== 'DataCollectionToolInput')
    .map((input) => {
      if ('cases' in input && Array.isArray(input.cases)) return { ...input, cases: input.cases.map((branch) => ({ ...branch, inputs: withoutDataInputs(branch.inputs as readonly FormInput[]) })) } as FormInput;
      if ('inputs' in input && Array.isArray(input.inputs)) return { ...input, inputs: withoutDataInputs(input.inputs as readonly FormInput[]) } as FormInput;
      return input;
    });
}

function asFieldValue(value: unknown): FieldValue {
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((item) => String(item));
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The form state of a tool step: its stored values by flat name, repeats counted from them, booleans as booleans. */
export function storedFormState(values: Record<string, unknown>, inputs: readonly FormInput[]): FormState {
  const state = emptyFormState();
  for (const [name, value] of Object.entries(values)) {
    state.values[name] = asFieldValue(value);
    for (const match of name.matchAll(/_(\d+)\|/g)) {
      const repeat = name.slice(0, match.index);
      state.repeats[repeat] = Math.max(state.repeats[repeat] ?? 0, Number(match[1]) + 1);
    }
  }
  visit(state, inputs, '', (input, name) => {
    const value = state.values[name];
    if (input.__typename === 'BooleanToolInput' && typeof value === 'string') {
      state.values[name] = value === 'true' || value === 'True' || ('truevalue' in input && value === input.truevalue && value !== '');
    }
    if (input.__typename === 'SelectToolInput' && 'multiple' in input && input.multiple && typeof value === 'string') state.values[name] = value ? value.split(',') : [];
  });
  return state;
}
