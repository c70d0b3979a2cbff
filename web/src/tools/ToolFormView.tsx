import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { type CombinedError, useMutation } from 'urql';
import { useCurrentHistory } from '../history/current-history';
import type { RerunJob } from '../jobs/job-documents';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useHistoryChoices } from './data-choices';
import { emptyFormState, type FieldValue, type FormState, visit } from './form-values';
import { usePreselection } from './preselect';
import { RerunNotice } from './RerunNotice';
import { formStateOfRerun } from './rerun-form';
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

interface Queued {
  jobs: number;
  outputs: Array<{ id: string; hid: number; name: string }>;
  collections: Array<{ id: string; hid: number; name: string; historyId: string }>;
}

/** How many outputs the notice of a run names before "and N more". */
const NAMED_OUTPUTS = 10;

/** "2 jobs queued; outputs 5: …, 6: …", with links to the outputs. */
function QueuedNotice({ queued }: { queued: Queued }) {
  const shown = queued.outputs.slice(0, NAMED_OUTPUTS);
  return (
    <p className="notice" role="status">
      {queued.jobs} {queued.jobs === 1 ? 'job' : 'jobs'} queued
      {shown.length > 0 && `; ${shown.length === 1 ? 'output' : 'outputs'} `}
      {shown.map((output, index) => (
        <span key={output.id}>
          {index > 0 && ', '}
          <Link to={`/datasets/${output.id}`}>
            {output.hid}: {output.name}
          </Link>
        </span>
      ))}
      {queued.outputs.length > shown.length && ` and ${queued.outputs.length - shown.length} more`}
      {queued.collections.map((collection) => (
        <span key={collection.id}>
          {'; collection '}
          <Link to={`/histories/${collection.historyId}/collections/${collection.id}`}>
            {collection.hid}: {collection.name}
          </Link>
        </span>
      ))}
      .
    </p>
  );
}

/**
 * A tool's form, generated from its inputs (filled in from a job when `rerun` is given); Run puts the
 * jobs in the current history and the form stays, saying what was queued.
 */
export function ToolFormView({ tool, rerun }: { tool: ToolForm; rerun?: RerunJob }) {
  const inputs: readonly FormInput[] = tool.inputs;
  const { historyId } = useCurrentHistory();
  const choices = useHistoryChoices(historyId);
  const [state, setState] = useState<FormState>(() => (rerun?.rerunState ? formStateOfRerun(rerun.rerunState) : emptyFormState()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [topErrors, setTopErrors] = useState<string[]>([]);
  const [queued, setQueued] = useState<Queued | null>(null);
  const [replaceElement, setReplaceElement] = useState(false);
  const [run, runTool] = useMutation(RunToolMutation);

  const setValue = useCallback((name: string, value: FieldValue) => setState((old) => ({ ...old, values: { ...old.values, [name]: value } })), []);
  usePreselection(state, inputs, choices.datasets, setValue);

  const context = useMemo<ToolFormContextValue>(
    () => ({
      state,
      errors,
      choices,
      historyId,
      setValue,
      setRepeatCount: (name: string, count: number) => setState((old) => ({ ...old, repeats: { ...old.repeats, [name]: count } })),
      setBatch: (name: string, batch: boolean) => setState((old) => ({ ...old, batch: { ...old.batch, [name]: batch } })),
    }),
    [state, errors, choices, historyId, setValue],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(state, inputs);
    setErrors(found);
    setTopErrors([]);
    setQueued(null);
    if (Object.keys(found).length > 0) {
      document.getElementById(`field-${Object.keys(found)[0].replace(/[^A-Za-z0-9_-]/g, '-')}`)?.focus();
      return;
    }
    const remap = rerun?.rerunState?.remappable && replaceElement ? rerun.id : null;
    const outcome = await runTool({ input: { toolId: tool.id, historyId: historyId ?? null, inputs: runInputs(state, inputs), rerunRemapJobId: remap } });
    if (outcome.error || !outcome.data) {
      const names: string[] = [];
      visit(state, inputs, '', (_input, name) => names.push(name));
      const placed = outcome.error ? placeErrors(outcome.error, names) : { fields: {}, top: ['No answer from the server.'] };
      setErrors(placed.fields);
      setTopErrors(placed.top);
      return;
    }
    const answer = outcome.data.runTool;
    setQueued({
      jobs: answer.jobs.length,
      outputs: answer.outputs.map((output) => ({ id: output.dataset.id, hid: output.dataset.hid, name: output.dataset.name })),
      collections: answer.implicitCollections.map((implicit) => ({ id: implicit.collection.id, hid: implicit.collection.hid, name: implicit.collection.name, historyId: implicit.collection.historyId })),
    });
  };

  return (
    <ToolFormContext.Provider value={context}>
      {rerun && <RerunNotice job={rerun} toolVersion={tool.version} currentHistoryId={historyId} replace={replaceElement} onReplace={setReplaceElement} />}
      <form className="form tool-form" onSubmit={submit} aria-label={`${tool.name} form`} noValidate>
        {topErrors.length > 0 && <ErrorMessage error={topErrors.join(' ')} what="Could not run the tool" />}
        <ErrorMessage error={choices.error} what="Could not list the history's datasets" />
        <ToolInputs inputs={inputs} prefix="" />
        {Object.keys(errors).length > 0 && topErrors.length === 0 && <p role="alert" className="error">Some fields need attention (see their messages).</p>}
        <button type="submit" disabled={run.fetching || !historyId}>
          Run tool
        </button>
        {queued && <QueuedNotice queued={queued} />}
      </form>
    </ToolFormContext.Provider>
  );
}
