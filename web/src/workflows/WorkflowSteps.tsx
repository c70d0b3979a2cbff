import { type ResultOf } from '../graphql';
import { WorkflowQuery } from './workflow-documents';

export type WorkflowStepView = ResultOf<typeof WorkflowQuery>['workflow']['steps'][number];

/** The name a step shows: its label, else its input's name or its tool. */
export function stepTitle(step: WorkflowStepView): string {
  if (step.label) return step.label;
  if (step.type !== 'tool') {
    const name = step.toolInputs.name;
    return typeof name === 'string' ? name : step.type === 'data_collection_input' ? 'Input collection' : 'Input dataset';
  }
  return step.toolId ?? 'tool';
}

/** The platform's step numbers (as the run form, its errors and the run screen show them): inputs first, then the others, from 1. */
export function platformOrder(steps: readonly WorkflowStepView[]): Array<{ step: WorkflowStepView; number: number }> {
  const ordered = [...steps].sort((a, b) => a.orderIndex - b.orderIndex);
  return [...ordered.filter((step) => step.type !== 'tool'), ...ordered.filter((step) => step.type === 'tool')].map((step, index) => ({ step, number: index + 1 }));
}

/** The workflow's steps in order, with where each tool step's inputs come from. */
export function WorkflowSteps({ steps }: { steps: WorkflowStepView[] }) {
  const numbered = platformOrder(steps);
  const numberOf = new Map(numbered.map(({ step, number }) => [step.orderIndex, number]));
  return (
    <ol className="steps">
      {numbered.map(({ step }) => (
        <li key={step.id}>
          <strong>{stepTitle(step)}</strong>{' '}
          <span className="muted">
            {step.type === 'tool' ? `tool ${step.toolId ?? ''} ${step.toolVersion ?? ''}` : step.type === 'data_input' ? 'input dataset' : 'input collection'}
          </span>
          {step.inputConnections.length > 0 && (
            <div className="muted">
              {step.inputConnections.map((connection) => `${connection.inputName} ← step ${numberOf.get(connection.stepIndex) ?? connection.stepIndex + 1}`).join(', ')}
            </div>
          )}
          {step.annotation && <div>{step.annotation}</div>}
        </li>
      ))}
    </ol>
  );
}
