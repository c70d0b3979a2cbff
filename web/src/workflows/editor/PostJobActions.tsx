import { useState } from 'react';
import { useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { DatatypeExtensionsQuery, PostJobActionDefinitionsQuery } from './editor-documents';
import type { EditorStep, PostJobAction } from './editor-model';

/** The post-job actions of a step (15.05's), each with its form; new ones added per output or for the step. */
export function PostJobActions({ step, onChange }: { step: EditorStep; onChange: (actions: PostJobAction[]) => void }) {
  const [definitions] = useQuery({ query: PostJobActionDefinitionsQuery });
  const [choice, setChoice] = useState('');
  const wantsDatatypes = step.postJobActions.some((action) => action.actionType === 'ChangeDatatypeAction');
  const [datatypes] = useQuery({ query: DatatypeExtensionsQuery, pause: !wantsDatatypes });
  const extensions = Array.isArray(datatypes.data?.datatypes) ? datatypes.data.datatypes.filter((item): item is string => typeof item === 'string') : [];
  const list = definitions.data?.postJobActionDefinitions ?? [];
  const byType = new Map(list.map((definition) => [definition.actionType, definition]));
  const choices = list.flatMap((definition) =>
    definition.perStep ? [{ value: `${definition.actionType}|`, label: definition.label }] : step.outputs.map((output) => ({ value: `${definition.actionType}|${output.name}`, label: `${definition.label} (${output.name})` })),
  );
  const taken = new Set(step.postJobActions.map((action) => `${action.actionType}|${action.outputName}`));
  const update = (index: number, argument: string, value: string) =>
    onChange(step.postJobActions.map((action, at) => (at === index ? { ...action, arguments: { ...action.arguments, [argument]: value } } : action)));
  return (
    <section aria-label="Post-job actions" className="wf-side-section">
      <h3>Post-job actions</h3>
      <ErrorMessage error={definitions.error} what="Could not list the actions" />
      {step.postJobActions.map((action, index) => {
        const definition = byType.get(action.actionType);
        const title = `${definition?.label ?? action.actionType}${action.outputName ? ` (${action.outputName})` : ''}`;
        return (
          <fieldset key={`${action.actionType}|${action.outputName}`}>
            <legend>{title}</legend>
            {(definition?.fields ?? []).map((field) => {
              const value = String(action.arguments[field.name] ?? '');
              return (
                <div key={field.name} className="wf-field">
                  <label>
                    {field.label}
                    {field.kind === 'datatype' ? (
                      <select value={value} onChange={(event) => update(index, field.name, event.target.value)}>
                        <option value="">Choose a datatype…</option>
                        {value !== '' && !extensions.includes(value) && <option value={value}>{value}</option>}
                        {extensions.map((extension) => (
                          <option key={extension} value={extension}>
                            {extension}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input value={value} inputMode={field.kind === 'column' ? 'numeric' : undefined} onChange={(event) => update(index, field.name, event.target.value)} />
                    )}
                  </label>
                  {field.help && <span className="muted">{field.help}</span>}
                </div>
              );
            })}
            <button type="button" onClick={() => onChange(step.postJobActions.filter((_, at) => at !== index))} aria-label={`Remove ${title}`}>
              Remove
            </button>
          </fieldset>
        );
      })}
      <label className="wf-field">
        Add an action
        <select value={choice} onChange={(event) => setChoice(event.target.value)}>
          <option value="">Choose…</option>
          {choices
            .filter((item) => !taken.has(item.value))
            .map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
        </select>
      </label>
      <button
        type="button"
        disabled={choice === ''}
        onClick={() => {
          const [actionType, outputName] = choice.split('|');
          onChange([...step.postJobActions, { actionType, outputName, arguments: {} }]);
          setChoice('');
        }}
      >
        Add action
      </button>
    </section>
  );
}
