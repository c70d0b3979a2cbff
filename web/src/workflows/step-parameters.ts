import type { WorkflowStepView } from './WorkflowSteps';

export type ScalarValue = string | number | boolean;

/** A tool step's parameters a person can change before a run: the plain values of its state. */
export function editableParameters(step: WorkflowStepView): Array<{ name: string; value: ScalarValue }> {
  if (step.type !== 'tool') return [];
  const connected = new Set(step.inputConnections.map((connection) => connection.inputName));
  return Object.entries(step.toolInputs)
    .filter((entry): entry is [string, ScalarValue] => {
      const [name, value] = entry;
      return !name.startsWith('__') && !connected.has(name) && ['string', 'number', 'boolean'].includes(typeof value);
    })
    .map(([name, value]) => ({ name, value }));
}

/** The run's `parameters`: by step order index, only the values that differ from the workflow's. */
export function changedParameters(steps: WorkflowStepView[], edits: Record<string, string>): Record<string, Record<string, string>> {
  const parameters: Record<string, Record<string, string>> = {};
  for (const step of steps) {
    for (const { name, value } of editableParameters(step)) {
      const edited = edits[`${step.orderIndex}|${name}`];
      if (edited === undefined || edited === String(value)) continue;
      (parameters[String(step.orderIndex)] ??= {})[name] = edited;
    }
  }
  return parameters;
}
