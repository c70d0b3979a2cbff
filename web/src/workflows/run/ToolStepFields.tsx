import { useMemo } from 'react';
import type { FieldValue, FormState } from '../../tools/form-values';
import type { FormInput } from '../../tools/tool-documents';
import { ToolFormContext, type ToolFormContextValue } from '../../tools/tool-form-context';
import { ToolInputs } from '../../tools/ToolInputs';
import type { RunFormStep } from './run-form-documents';

/** The label of a top-level input by its flat name (deeper ones by their flat name). */
const labelOf = (inputs: readonly FormInput[], name: string) => inputs.find((input) => input.name === name)?.label ?? name;

const NO_CHOICES: ToolFormContextValue['choices'] = { datasets: [], collections: [], fetching: false, error: undefined };

/** The words a step is shown by: "Step 2: Sort by score (Sort 1.0.1)". */
export function stepHeading(step: RunFormStep): { title: string; detail: string } {
  const title = `Step ${step.number}: ${step.title}`;
  if (step.type !== 'tool') return { title, detail: step.type === 'data_collection_input' ? `input collection${step.collectionType ? ` (${step.collectionType})` : ''}` : 'input dataset' };
  if (!step.toolInstalled) return { title, detail: `tool ${step.toolId ?? ''} ${step.toolVersion ?? ''} (not installed)` };
  return { title, detail: `${step.toolName ?? step.toolId ?? 'tool'} ${step.toolVersion ?? ''}`.trim() };
}

/**
 * A tool step of the run form: the tool's own form (typed fields, options, bounds, conditionals)
 * filled with the step's stored values; its data inputs say which earlier step feeds them.
 */
export function ToolStepFields({
  step,
  inputs,
  sources,
  state,
  errors,
  onChange,
}: {
  step: RunFormStep;
  inputs: readonly FormInput[];
  sources: Array<{ input: string; from: string }>;
  state: FormState;
  errors: Record<string, string>;
  onChange(update: (old: FormState) => FormState): void;
}) {
  const context = useMemo<ToolFormContextValue>(
    () => ({
      state,
      errors,
      choices: NO_CHOICES,
      historyId: undefined,
      idPrefix: `step-${step.orderIndex}-`,
      setValue: (name: string, value: FieldValue) => onChange((old) => ({ ...old, values: { ...old.values, [name]: value } })),
      setRepeatCount: (name: string, count: number) => onChange((old) => ({ ...old, repeats: { ...old.repeats, [name]: count } })),
      setBatch: (name: string, batch: boolean) => onChange((old) => ({ ...old, batch: { ...old.batch, [name]: batch } })),
    }),
    [state, errors, onChange, step.orderIndex],
  );
  return (
    <ToolFormContext.Provider value={context}>
      {sources.length > 0 && (
        <ul className="muted step-sources">
          {sources.map((source) => (
            <li key={source.input}>
              {source.input}: {source.from}
            </li>
          ))}
        </ul>
      )}
      {step.runtimeInputs.length > 0 && <p className="muted">Set at runtime: {step.runtimeInputs.map((name) => labelOf(inputs, name)).join(', ')}.</p>}
      <ToolInputs inputs={inputs} prefix="" />
    </ToolFormContext.Provider>
  );
}
