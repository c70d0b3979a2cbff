import { useId } from 'react';
import { useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { StepParametersQuery } from './editor-documents';
import { type EditorStep, isRuntimeValue, RUNTIME_VALUE } from './editor-model';

const CONTAINERS = new Set(['ConditionalToolInput', 'RepeatToolInput', 'SectionToolInput', 'DataToolInput', 'DataCollectionToolInput']);

/** One parameter: its value (text, choice or flag as the tool stores it) and "Set at runtime". */
function ParameterField({ label, value, options, onChange }: { label: string; value: unknown; options: Array<{ label: string; value: string }> | null; onChange: (value: unknown) => void }) {
  const id = useId();
  const runtime = isRuntimeValue(value);
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : value === null || value === undefined ? '' : JSON.stringify(value);
  return (
    <fieldset className="wf-side-section">
      <legend>{label}</legend>
      {runtime ? (
        <p className="muted">Set at runtime</p>
      ) : typeof value === 'boolean' ? (
        <label>
          <input type="checkbox" checked={value} onChange={(event) => onChange(event.target.checked)} /> {label}
        </label>
      ) : options ? (
        <select id={id} aria-label={label} value={text} onChange={(event) => onChange(event.target.value)}>
          {!options.some((option) => option.value === text) && <option value={text}>{text || '(none)'}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} aria-label={label} value={text} onChange={(event) => onChange(event.target.value)} />
      )}
      <label>
        <input type="checkbox" checked={runtime} onChange={(event) => onChange(event.target.checked ? RUNTIME_VALUE : '')} /> Set at runtime
      </label>
    </fieldset>
  );
}

/** A tool step's parameters (the top level of its form); nested ones are kept as stored. */
export function StepParameters({ step, onChange }: { step: EditorStep; onChange: (name: string, value: unknown) => void }) {
  const [form] = useQuery({ query: StepParametersQuery, variables: { id: step.toolId ?? '' }, pause: !step.toolId || step.toolError !== null });
  if (step.toolError) return <p>The tool is not installed: its parameters are kept as stored.</p>;
  const inputs = form.data?.tool.inputs ?? [];
  const nested = inputs.filter((input) => CONTAINERS.has(input.__typename) && !['DataToolInput', 'DataCollectionToolInput'].includes(input.__typename));
  return (
    <section aria-label="Parameters">
      <h3>Parameters</h3>
      <ErrorMessage error={form.error} what="Could not read the tool's form" />
      {inputs
        .filter((input) => !CONTAINERS.has(input.__typename))
        .map((input) => (
          <ParameterField
            key={input.name}
            label={input.label || input.name}
            value={step.toolInputs[input.name]}
            options={'options' in input && Array.isArray(input.options) ? input.options : null}
            onChange={(value) => onChange(input.name, value)}
          />
        ))}
      {nested.length > 0 && <p className="muted">Kept as stored: {nested.map((input) => input.label || input.name).join(', ')}.</p>}
    </section>
  );
}
