import { valueOf, visit } from '../../tools/form-values';
import type { FormInput, ToolForm } from '../../tools/tool-documents';
import { withoutDataInputs } from '../run/step-form-state';
import type { EditorStep } from './editor-model';
import { formStateOf } from './step-state';

/** A problem that stops the workflow from running: the step (by key) and the field it is at, if any. */
export interface EditorProblem {
  stepKey: string | null;
  field: string | null;
  text: string;
}

/** The numbers the platform shows steps by: input steps first, then the others, each in order, from 1. */
export function stepNumbersOf(steps: readonly EditorStep[]): Map<string, number> {
  const inputsFirst = [...steps.filter((step) => step.type !== 'tool'), ...steps.filter((step) => step.type === 'tool')];
  return new Map(inputsFirst.map((step, index) => [step.key, index + 1]));
}

/** The tool's data inputs by flat name (repeat instances as `_0|`): whether they may stay empty, whether a conditional's case holds them. */
interface DataInputFacts {
  optional: boolean;
  inCase: boolean;
}

function dataInputFacts(inputs: readonly FormInput[], prefix = '', inCase = false, found = new Map<string, DataInputFacts>()): Map<string, DataInputFacts> {
  for (const input of inputs) {
    const name = `${prefix}${input.name}`;
    if (input.__typename === 'DataToolInput' || input.__typename === 'DataCollectionToolInput') found.set(name, { optional: input.optional, inCase });
    else if ('cases' in input && Array.isArray(input.cases)) for (const branch of input.cases) dataInputFacts(branch.inputs as readonly FormInput[], `${name}|`, true, found);
    else if (input.__typename === 'RepeatToolInput' && 'inputs' in input) dataInputFacts(input.inputs as readonly FormInput[], `${name}_0|`, inCase, found);
    else if ('inputs' in input && Array.isArray(input.inputs)) dataInputFacts(input.inputs as readonly FormInput[], `${name}|`, inCase, found);
  }
  return found;
}

/** Kinds of parameter that need a value (a text may be empty; a boolean always has one). */
const NEEDS_VALUE = new Set(['IntegerToolInput', 'FloatToolInput', 'DataColumnToolInput', 'SelectToolInput']);

const isEmpty = (value: unknown) => value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/**
 * What stops the workflow from running, listed before saving: uninstalled tools, required data inputs
 * connected to nothing (optional ones may stay so), required parameters with no value that are not set
 * at runtime, labels used twice. `forms` holds the tool forms known so far, by tool id.
 */
export function problemsOf(steps: readonly EditorStep[], forms: ReadonlyMap<string, ToolForm>): EditorProblem[] {
  const problems: EditorProblem[] = [];
  const numbers = stepNumbersOf(steps);
  const ordered = [...steps].sort((a, b) => (numbers.get(a.key) ?? 0) - (numbers.get(b.key) ?? 0));
  for (const step of ordered) {
    const title = `Step ${numbers.get(step.key) ?? 0} (${step.label ?? step.name})`;
    if (step.toolError) {
      problems.push({ stepKey: step.key, field: null, text: `${title}: ${step.toolError}` });
      continue;
    }
    const form = step.toolId ? forms.get(step.toolId) : undefined;
    const facts = form ? dataInputFacts(form.inputs) : new Map<string, DataInputFacts>();
    for (const input of step.inputs) {
      const connected = (step.connections[input.name] ?? []).length > 0;
      const known = facts.get(input.name.replace(/_\d+\|/g, '_0|'));
      // An input in a conditional's case is needed only when that case is chosen (not judged here); one
      // in a repeat has a handle for each block the state holds, so each is needed. Without the form, only top-level ones.
      const judged = known ? !known.inCase : !input.name.includes('|');
      const mayStayEmpty = known?.optional ?? input.optional;
      if (!connected && judged && !mayStayEmpty) problems.push({ stepKey: step.key, field: input.name, text: `${title}: the required input “${input.label}” is not connected.` });
    }
    if (!form) continue;
    const inputs = withoutDataInputs(form.inputs);
    const { state, runtime } = formStateOf(step.toolInputs, inputs);
    visit(state, inputs, '', (input, name) => {
      if (!NEEDS_VALUE.has(input.__typename) || input.optional || runtime.has(name)) return;
      if (input.__typename === 'SelectToolInput' && 'options' in input && input.options.length === 0) return;
      if (isEmpty(valueOf(state, name, input))) {
        problems.push({ stepKey: step.key, field: name, text: `${title}: the required parameter “${input.label || input.name}” has no value (give one or set it at runtime).` });
      }
    });
  }
  const labels = new Map<string, number>();
  for (const step of steps) if (step.label) labels.set(step.label, (labels.get(step.label) ?? 0) + 1);
  for (const [label, count] of labels) if (count > 1) problems.push({ stepKey: null, field: null, text: `The label “${label}” is used by ${count} steps; labels must be unique.` });
  return problems;
}
