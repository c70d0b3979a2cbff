import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type CombinedError, useMutation } from 'urql';
import { useCurrentHistory } from '../history/current-history';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useHistoryChoices } from './data-choices';
import { emptyFormState, type FieldValue, type FormState, visit } from './form-values';
import { fieldOfMessage, runInputs, validate } from './run-inputs';
import { type FormInput, RunToolMutation, type ToolForm } from './tool-documents';
import { ToolFormContext, type ToolFormContextValue } from './tool-form-context';
import { ToolInputs } from './ToolInputs';

/** Splits the graph's refusal: messages that name a field go to it, the others to the top. */
function placeErrors(error: CombinedError, names: readonly string[]): { fields: Record<string, string>; top: string[] } {
  const fields: Record<string, string> = {};
  const top: string[] = [];
  const messages = error.graphQLErrors.length ? error.graphQLErrors.map((graphQLError) => graphQLError.message) : [error.message];
  for (const message of messages) {
    const field = fieldOfMessage(message, names);
    if (field) fields[field] = message;
    else top.push(message);
  }
  return { fields, top };
}

/** A tool's form, generated from its inputs; Run puts the jobs in the current history and opens it. */
export function ToolFormView({ tool }: { tool: ToolForm }) {
  const inputs: readonly FormInput[] = tool.inputs;
  const { historyId } = useCurrentHistory();
  const choices = useHistoryChoices(historyId);
  const [state, setState] = useState<FormState>(emptyFormState);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [topErrors, setTopErrors] = useState<string[]>([]);
  const [run, runTool] = useMutation(RunToolMutation);
  const navigate = useNavigate();

  const context = useMemo<ToolFormContextValue>(
    () => ({
      state,
      errors,
      choices,
      setValue: (name: string, value: FieldValue) => setState((old) => ({ ...old, values: { ...old.values, [name]: value } })),
      setRepeatCount: (name: string, count: number) => setState((old) => ({ ...old, repeats: { ...old.repeats, [name]: count } })),
      setBatch: (name: string, batch: boolean) => setState((old) => ({ ...old, batch: { ...old.batch, [name]: batch } })),
    }),
    [state, errors, choices],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(state, inputs);
    setErrors(found);
    setTopErrors([]);
    if (Object.keys(found).length > 0) {
      document.getElementById(`field-${Object.keys(found)[0].replace(/[^A-Za-z0-9_-]/g, '-')}`)?.focus();
      return;
    }
    const outcome = await runTool({ input: { toolId: tool.id, historyId: historyId ?? null, inputs: runInputs(state, inputs) } });
    if (outcome.error) {
      const names: string[] = [];
      visit(state, inputs, '', (_input, name) => names.push(name));
      const placed = placeErrors(outcome.error, names);
      setErrors(placed.fields);
      setTopErrors(placed.top);
      return;
    }
    navigate(historyId ? `/histories/${historyId}` : '/');
  };

  return (
    <ToolFormContext.Provider value={context}>
      <form className="form tool-form" onSubmit={submit} aria-label={`${tool.name} form`} noValidate>
        {topErrors.length > 0 && <ErrorMessage error={topErrors.join(' ')} what="Could not run the tool" />}
        <ErrorMessage error={choices.error} what="Could not list the history's datasets" />
        <ToolInputs inputs={inputs} prefix="" />
        {Object.keys(errors).length > 0 && topErrors.length === 0 && <p role="alert" className="error">Some fields need attention (see their messages).</p>}
        <button type="submit" disabled={run.fetching || !historyId}>
          Run tool
        </button>
      </form>
    </ToolFormContext.Provider>
  );
}
