import { stepTitle, type WorkflowStepView } from '../WorkflowSteps';

/** A tool step's parameters as `name = value`: scalar values only (connections and nested state are left to the editor). */
function parameterText(toolInputs: Record<string, unknown>): string {
  return Object.entries(toolInputs)
    .filter(([name, value]) => !name.startsWith('__') && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
    .map(([name, value]) => `${name} = ${String(value)}`)
    .join(', ');
}

/** A version's steps in order, 1-based, each tool step with its parameters (what "View" of a version shows). */
export function VersionSteps({ steps, label }: { steps: readonly WorkflowStepView[]; label: string }) {
  return (
    <ol className="steps" aria-label={label}>
      {steps.map((step) => {
        const parameters = step.type === 'tool' ? parameterText(step.toolInputs) : '';
        return (
          <li key={step.id}>
            <strong>{stepTitle(step)}</strong>{' '}
            <span className="muted">{step.type === 'tool' ? `tool ${step.toolId ?? ''} ${step.toolVersion ?? ''}` : step.type === 'data_input' ? 'input dataset' : 'input collection'}</span>
            {step.inputConnections.length > 0 && (
              <div className="muted">{step.inputConnections.map((connection) => `${connection.inputName} ← step ${connection.stepIndex + 1}`).join(', ')}</div>
            )}
            {parameters && <div>{parameters}</div>}
          </li>
        );
      })}
    </ol>
  );
}
