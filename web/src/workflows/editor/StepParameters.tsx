import '../../tools/tool-form.css';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import type { FieldValue } from '../../tools/form-values';
import { ToolFormQuery } from '../../tools/tool-documents';
import { ToolFormContext, type ToolFormContextValue } from '../../tools/tool-form-context';
import { ToolInputs } from '../../tools/ToolInputs';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { withoutDataInputs } from '../run/step-form-state';
import type { EditorStep } from './editor-model';
import { formStateOf, type StateTree, withRepeatCount, withRuntime, withValue } from './step-state';

const NO_CHOICES: ToolFormContextValue['choices'] = { datasets: [], collections: [], fetching: false, error: undefined };

/**
 * A tool step's parameters as the workbench's tool form shows them (typed fields, options, bounds,
 * conditionals, repeats, sections), each with "Set at runtime"; data inputs are left to the
 * connections on the canvas. Every change is written into the step's stored state.
 */
export function StepParameters({ step, errors, onChange }: { step: EditorStep; errors: Record<string, string>; onChange: (update: (state: StateTree) => StateTree) => void }) {
  const [form] = useQuery({ query: ToolFormQuery, variables: { id: step.toolId ?? '' }, pause: !step.toolId || step.toolError !== null });
  const inputs = useMemo(() => withoutDataInputs(form.data?.tool.inputs ?? []), [form.data]);
  const { state, runtime } = useMemo(() => formStateOf(step.toolInputs, inputs), [step.toolInputs, inputs]);
  const context = useMemo<ToolFormContextValue>(
    () => ({
      state,
      errors,
      choices: NO_CHOICES,
      historyId: undefined,
      idPrefix: `step-${step.key}-`,
      setValue: (name: string, value: FieldValue) => onChange((tree) => withValue(tree, inputs, name, value)),
      setRepeatCount: (name: string, count: number) => onChange((tree) => withRepeatCount(tree, inputs, name, count)),
      setBatch: () => undefined,
      runtime: { isSet: (name: string) => runtime.has(name), set: (name: string, atRuntime: boolean) => onChange((tree) => withRuntime(tree, inputs, name, atRuntime)) },
    }),
    [state, runtime, errors, inputs, onChange, step.key],
  );
  if (step.toolError) return <p>The tool is not installed: its parameters are kept as stored.</p>;
  return (
    <section aria-label="Parameters" className="wf-side-section">
      <h3>Parameters</h3>
      <ErrorMessage error={form.error} what="Could not read the tool's form" />
      {form.fetching && !form.data && <p role="status">Loading the tool's form…</p>}
      {form.data && inputs.length === 0 && <p className="muted">This tool has no parameters besides its data inputs.</p>}
      <ToolFormContext.Provider value={context}>
        <ToolInputs inputs={inputs} prefix="" />
      </ToolFormContext.Provider>
    </section>
  );
}
