import { type EditorStep, type PostJobAction, withRepeatHandles } from './editor-model';
import { PostJobActions } from './PostJobActions';
import { StepParameters } from './StepParameters';

interface Props {
  step: EditorStep;
  number: number;
  /** The problems at this step's fields, by flat name. */
  errors: Record<string, string>;
  onChange: (update: (step: EditorStep) => EditorStep) => void;
  onDelete: () => void;
}

/** The selected step's details: label, annotation, input name, workflow outputs, actions and parameters. */
export function StepDetails({ step, number, errors, onChange, onDelete }: Props) {
  const isInput = step.type !== 'tool';
  const marked = new Set(step.workflowOutputs.map((output) => output.outputName));
  return (
    <section aria-label={`Step ${number} details`}>
      <h2>
        Step {number}: {step.name}
      </h2>
      {step.toolError && <p className="wf-refused">{step.toolError} Its state is kept.</p>}
      <button type="button" onClick={onDelete}>
        Delete step
      </button>
      <label className="wf-field">
        Label
        <input value={step.label ?? ''} onChange={(event) => onChange((current) => ({ ...current, label: event.target.value === '' ? null : event.target.value }))} />
      </label>
      <label className="wf-field">
        Annotation
        <textarea rows={2} value={step.annotation ?? ''} onChange={(event) => onChange((current) => ({ ...current, annotation: event.target.value === '' ? null : event.target.value }))} />
      </label>
      {isInput && (
        <label className="wf-field">
          Input name
          <input value={String(step.toolInputs.name ?? '')} onChange={(event) => onChange((current) => ({ ...current, toolInputs: { ...current.toolInputs, name: event.target.value } }))} />
        </label>
      )}
      {step.type === 'data_collection_input' && (
        <label className="wf-field">
          Collection type
          <select
            value={String(step.toolInputs.collection_type ?? 'list')}
            onChange={(event) =>
              onChange((current) => ({
                ...current,
                toolInputs: { ...current.toolInputs, collection_type: event.target.value },
                outputs: current.outputs.map((output) => ({ ...output, collectionType: event.target.value })),
              }))
            }
          >
            <option value="list">list</option>
            <option value="paired">paired</option>
            <option value="list:paired">list:paired</option>
          </select>
        </label>
      )}
      <fieldset className="wf-side-section">
        <legend>Workflow outputs</legend>
        {step.outputs.map((output) => (
          <label key={output.name} className="wf-field">
            <input
              type="checkbox"
              checked={marked.has(output.name)}
              onChange={(event) =>
                onChange((current) => ({
                  ...current,
                  workflowOutputs: event.target.checked
                    ? [...current.workflowOutputs, { outputName: output.name, label: null, uuid: crypto.randomUUID() }]
                    : current.workflowOutputs.filter((item) => item.outputName !== output.name),
                }))
              }
            />{' '}
            Mark “{output.name}” as a workflow output
          </label>
        ))}
      </fieldset>
      {!isInput && <PostJobActions step={step} onChange={(actions: PostJobAction[]) => onChange((current) => ({ ...current, postJobActions: actions }))} />}
      {!isInput && <StepParameters step={step} errors={errors} onChange={(update) => onChange((current) => withRepeatHandles({ ...current, toolInputs: update(current.toolInputs) }, true))} />}
    </section>
  );
}
