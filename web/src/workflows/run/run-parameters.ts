import type { FormState } from '../../tools/form-values';
import type { FormInput } from '../../tools/tool-documents';
import { runInputs, validate } from '../../tools/run-inputs';
import type { RunFormStep, RunProblem } from './run-form-documents';

export interface ToolStepForm {
  step: RunFormStep;
  /** The tool's form without its data inputs (fed by connections). */
  inputs: readonly FormInput[];
}

/** The run's `parameters`: every value each tool step's form shows, by the step's order index. */
export function runParameters(forms: readonly ToolStepForm[], states: Record<number, FormState>): Record<string, Record<string, unknown>> {
  const parameters: Record<string, Record<string, unknown>> = {};
  for (const { step, inputs } of forms) {
    const state = states[step.orderIndex];
    if (state) parameters[String(step.orderIndex)] = runInputs(state, inputs);
  }
  return parameters;
}

/** What the forms can tell before asking the graph (numbers and their bounds), by order index then flat name. */
export function formErrors(forms: readonly ToolStepForm[], states: Record<number, FormState>): Record<number, Record<string, string>> {
  const errors: Record<number, Record<string, string>> = {};
  for (const { step, inputs } of forms) {
    const state = states[step.orderIndex];
    const found = state ? validate(state, inputs) : {};
    if (Object.keys(found).length > 0) errors[step.orderIndex] = found;
  }
  return errors;
}

/** The graph's problems placed at their fields; those of a whole step (no field) are listed apart. */
export function placeProblems(problems: readonly RunProblem[]): { fields: Record<number, Record<string, string>>; steps: string[] } {
  const fields: Record<number, Record<string, string>> = {};
  const steps: string[] = [];
  for (const problem of problems) {
    if (problem.field) (fields[problem.orderIndex] ??= {})[problem.field] = `${problem.message.charAt(0).toUpperCase()}${problem.message.slice(1)}`;
    else steps.push(problem.text);
  }
  return { fields, steps };
}
