import type { StepView } from '../workflow-view';

/**
 * The numbers the platform shows steps by: input steps first, then the other steps, each group in
 * order-index order, counted from 1. The run form, its errors and the run screen all use these.
 */
export function stepNumbers(steps: readonly StepView[]): Map<number, number> {
  const ordered = [...steps].sort((a, b) => a.orderIndex - b.orderIndex);
  const inputsFirst = [...ordered.filter((step) => step.type !== 'tool'), ...ordered.filter((step) => step.type === 'tool')];
  return new Map(inputsFirst.map((step, index) => [step.orderIndex, index + 1]));
}

/** What a step is called: its label, else its input's name or its tool's name (else its tool id). */
export function stepTitle(step: StepView, toolName: string | null): string {
  if (step.label) return step.label;
  if (step.type !== 'tool') {
    const name = step.toolInputs.name;
    return typeof name === 'string' && name ? name : step.type === 'data_collection_input' ? 'Input collection' : 'Input dataset';
  }
  return toolName ?? step.toolId ?? 'tool';
}
