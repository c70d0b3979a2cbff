import { type FormEvent, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { type CombinedError, useClient, useMutation } from 'urql';
import type { FormState } from '../../tools/form-values';
import type { FormInput } from '../../tools/tool-documents';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { useTargetHistory } from '../../ui/use-target-history';
import { type HistoryCollectionChoice, type HistoryDatasetChoice, useHistoryDatasets } from '../history-datasets';
import { InvokeWorkflowCheckedMutation, type RunFormStep, WorkflowRunCheckQuery, type WorkflowRunFormQuery } from './run-form-documents';
import { formErrors, placeProblems, runParameters, type ToolStepForm } from './run-parameters';
import { storedFormState, withoutDataInputs } from './step-form-state';
import { stepHeading, ToolStepFields } from './ToolStepFields';
import type { ResultOf } from '../../graphql';

type RunFormWorkflow = ResultOf<typeof WorkflowRunFormQuery>['workflow'];

/** The problems a refused run carries (extensions.problems), else its message. */
function refusalTexts(error: CombinedError): string[] {
  if (error.graphQLErrors.length === 0) return [error.message];
  return error.graphQLErrors.flatMap((graphQLError) => {
    const problems = graphQLError.extensions?.problems;
    return Array.isArray(problems) ? problems.map(String) : [graphQLError.message];
  });
}

/**
 * The run form: each input step picks a dataset (or collection) of the current history, each tool
 * step shows its tool's form with the workflow's values; Run checks every value with the graph first
 * and shows what it refuses at the field, then runs in the current history or a new one.
 */
export function WorkflowRunForm({ workflow }: { workflow: RunFormWorkflow }) {
  const { historyId } = useTargetHistory();
  const { historyName, datasets, collections, error: datasetsError, fetching } = useHistoryDatasets(historyId);
  const client = useClient();
  const navigate = useNavigate();
  const [run, invoke] = useMutation(InvokeWorkflowCheckedMutation);
  const [checking, setChecking] = useState(false);
  const steps = workflow.runForm;
  const forms = useMemo<ToolStepForm[]>(() => steps.filter((step) => step.type === 'tool' && step.toolInstalled).map((step) => ({ step, inputs: withoutDataInputs(step.toolInputs as readonly FormInput[]) })), [steps]);
  const [states, setStates] = useState<Record<number, FormState>>(() =>
    Object.fromEntries(forms.map(({ step, inputs }) => [step.orderIndex, storedFormState(step.values as Record<string, unknown>, inputs)])),
  );
  const [chosen, setChosen] = useState<Record<number, string>>({});
  /** Dataset inputs in batch mode: the datasets picked, one run each (several inputs in batch mode pair theirs in order). */
  const [batch, setBatch] = useState<Record<number, string[]>>({});
  const [queuedRuns, setQueuedRuns] = useState<Array<{ id: string; label: string }>>([]);
  const [newHistory, setNewHistory] = useState(false);
  const [newHistoryName, setNewHistoryName] = useState(`${workflow.name} results`);
  const [fieldErrors, setFieldErrors] = useState<Record<number, Record<string, string>>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const byIndex = useMemo(() => new Map(steps.map((step) => [step.orderIndex, step])), [steps]);
  const inputSteps = steps.filter((step) => step.type !== 'tool');
  const choiceOf = (step: RunFormStep) => chosen[step.orderIndex] ?? (step.type === 'data_collection_input' ? collectionsFor(step, collections)[0]?.id : datasets[0]?.id) ?? '';
  const missing = inputSteps.some((step) => (batch[step.orderIndex] ? batch[step.orderIndex].length === 0 : !choiceOf(step)));
  const changeStep = useCallback(
    (orderIndex: number) => (update: (old: FormState) => FormState) => {
      setStates((old) => ({ ...old, [orderIndex]: update(old[orderIndex] ?? { values: {}, repeats: {}, batch: {} }) }));
      // An edited step's refusals are answered again on the next Run.
      setFieldErrors((old) => (old[orderIndex] ? { ...old, [orderIndex]: {} } : old));
      setProblems([]);
    },
    [],
  );
  const changers = useMemo(() => new Map(forms.map(({ step }) => [step.orderIndex, changeStep(step.orderIndex)])), [forms, changeStep]);

  if (historyId === undefined) return <p role="status">Loading the current history…</p>;
  if (historyId === null) return <p>You have no current history: <Link to="/upload">upload data</Link> first.</p>;

  const sourcesOf = (step: RunFormStep) => {
    const connections = workflow.steps.find((candidate) => candidate.orderIndex === step.orderIndex)?.inputConnections ?? [];
    const labels = new Map((step.toolInputs as readonly FormInput[]).map((input) => [input.name, input.label]));
    return connections.map((connection) => {
      const source = byIndex.get(connection.stepIndex);
      return { input: labels.get(connection.inputName) ?? connection.inputName, from: `${connection.outputName} of ${source ? `Step ${source.number}: ${source.title}` : 'a missing step'}` };
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    const local = formErrors(forms, states);
    if (Object.keys(local).length > 0) {
      setFieldErrors(local);
      setProblems(['Some fields need attention (see their messages).']);
      return;
    }
    const batched = inputSteps.filter((step) => batch[step.orderIndex]);
    const runCount = batched.length === 0 ? 1 : batch[batched[0].orderIndex].length;
    if (batched.some((step) => batch[step.orderIndex].length !== runCount)) {
      setProblems(['Inputs in batch mode must have the same number of datasets: their datasets are paired in order, one run per pair.']);
      return;
    }
    const inputsOfRun = (run: number) =>
      Object.fromEntries(inputSteps.map((step) => [String(step.orderIndex), { src: step.type === 'data_collection_input' ? 'hdca' : 'hda', id: batch[step.orderIndex]?.[run] ?? choiceOf(step) }]));
    const target = newHistory ? { historyName: newHistoryName.trim() || `${workflow.name} results` } : { historyId };
    const input = { ...target, inputs: inputsOfRun(0), parameters: runParameters(forms, states) };
    setChecking(true);
    const checked = await client.query(WorkflowRunCheckQuery, { workflowId: workflow.id, input }, { requestPolicy: 'network-only' }).toPromise();
    setChecking(false);
    if (checked.error) {
      setProblems(refusalTexts(checked.error));
      return;
    }
    const found = checked.data?.workflowRunCheck ?? [];
    const placed = placeProblems(found);
    setFieldErrors(placed.fields);
    if (found.length > 0) {
      setProblems(found.map((problem) => problem.text));
      return;
    }
    if (runCount === 1) {
      const outcome = await invoke({ workflowId: workflow.id, input });
      if (outcome.error) {
        setProblems(refusalTexts(outcome.error));
        return;
      }
      const invocation = outcome.data?.invokeWorkflowChecked;
      if (invocation) navigate(`/workflows/invocations/${invocation.id}`);
      return;
    }
    // Batch mode: one run per dataset (a new history is asked for once, then the runs share it).
    const queued: Array<{ id: string; label: string }> = [];
    let historyOfRuns: { historyId: string } | { historyName: string } = target;
    for (let run = 0; run < runCount; run += 1) {
      const outcome = await invoke({ workflowId: workflow.id, input: { ...input, ...historyOfRuns, inputs: inputsOfRun(run) } });
      const invocation = outcome.data?.invokeWorkflowChecked;
      if (outcome.error || !invocation) {
        setProblems(outcome.error ? refusalTexts(outcome.error) : ['No answer from the server.']);
        break;
      }
      historyOfRuns = { historyId: invocation.historyId };
      const names = batched.map((step) => datasets.find((dataset) => dataset.id === batch[step.orderIndex][run])?.name ?? '').join(', ');
      queued.push({ id: invocation.id, label: `Run ${run + 1} of ${runCount}: ${names}` });
    }
    setQueuedRuns(queued);
  };

  return (
    <form className="stack" onSubmit={submit} aria-label="Run the workflow" noValidate>
      <p>
        Inputs from the current history{historyName ? `, ${historyName}` : ''}.
      </p>
      <ErrorMessage error={datasetsError} what="Could not list the history's datasets" />
      {steps.map((step) => {
        const heading = stepHeading(step);
        if (step.type === 'data_input')
          return (
            <DatasetPicker
              key={step.orderIndex}
              step={step}
              heading={heading}
              datasets={datasets}
              value={choiceOf(step)}
              onChange={(id) => setChosen((old) => ({ ...old, [step.orderIndex]: id }))}
              batch={batch[step.orderIndex] ?? null}
              onBatch={(ids) => setBatch((old) => { const next = { ...old }; if (ids === null) delete next[step.orderIndex]; else next[step.orderIndex] = ids; return next; })}
            />
          );
        if (step.type === 'data_collection_input')
          return <CollectionPicker key={step.orderIndex} step={step} heading={heading} collections={collectionsFor(step, collections)} value={choiceOf(step)} onChange={(id) => setChosen((old) => ({ ...old, [step.orderIndex]: id }))} />;
        const form = forms.find((candidate) => candidate.step.orderIndex === step.orderIndex);
        return (
          <fieldset key={step.orderIndex} className="run-step" aria-label={heading.title}>
            <legend>
              {heading.title} <span className="muted">({heading.detail})</span>
            </legend>
            {step.annotation && <p className="muted">{step.annotation}</p>}
            {form ? (
              <ToolStepFields
                step={step}
                inputs={form.inputs}
                sources={sourcesOf(step)}
                state={states[step.orderIndex] ?? { values: {}, repeats: {}, batch: {} }}
                errors={fieldErrors[step.orderIndex] ?? {}}
                onChange={changers.get(step.orderIndex) ?? changeStep(step.orderIndex)}
              />
            ) : (
              <p className="error">The tool {step.toolId} is not installed: the workflow cannot run.</p>
            )}
          </fieldset>
        );
      })}
      {!fetching && missing && <p>The current history has no dataset or collection for every input.</p>}
      <fieldset>
        <legend>Where the results go</legend>
        <label className="checkbox">
          <input type="checkbox" checked={newHistory} onChange={(event) => setNewHistory(event.target.checked)} /> Send results to a new history
        </label>
        {newHistory ? (
          <label>
            New history name
            <input value={newHistoryName} onChange={(event) => setNewHistoryName(event.target.value)} />
          </label>
        ) : (
          <p className="muted">The outputs go to the current history{historyName ? `, ${historyName}` : ''}.</p>
        )}
      </fieldset>
      {problems.length > 0 && (
        <div role="alert" className="error">
          <p>The workflow was not run:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <button type="submit" disabled={run.fetching || checking || missing}>
          Run workflow
        </button>
      </div>
      {queuedRuns.length > 0 && (
        <div role="status">
          <p>{queuedRuns.length} runs queued:</p>
          <ul>
            {queuedRuns.map((queued) => (
              <li key={queued.id}>
                <Link to={`/workflows/invocations/${queued.id}`}>{queued.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}

type Heading = { title: string; detail: string };

/** Picked datasets in the order they came into the history (the runs of a batch follow it). */
const oldestFirst = (datasets: HistoryDatasetChoice[], ids: string[]) => [...ids].sort((a, b) => (datasets.find((d) => d.id === a)?.hid ?? 0) - (datasets.find((d) => d.id === b)?.hid ?? 0));

/** A dataset input: one dataset, or in batch mode several (one run each). */
function DatasetPicker({ step, heading, datasets, value, onChange, batch, onBatch }: { step: RunFormStep; heading: Heading; datasets: HistoryDatasetChoice[]; value: string; onChange(id: string): void; batch: string[] | null; onBatch(ids: string[] | null): void }) {
  const options = datasets.map((dataset) => (
    <option key={dataset.id} value={dataset.id}>
      {`${dataset.hid}: ${dataset.name} (${dataset.extension}, ${dataset.state})`}
    </option>
  ));
  return (
    <div className="run-input">
      <label>
        {heading.title} <span className="muted">({heading.detail})</span>
        {batch === null ? (
          <select required value={value} onChange={(event) => onChange(event.target.value)}>
            {options}
          </select>
        ) : (
          <select multiple size={Math.min(Math.max(datasets.length, 2), 6)} value={batch} onChange={(event) => onBatch(oldestFirst(datasets, Array.from(event.target.selectedOptions, (option) => option.value)))}>
            {options}
          </select>
        )}
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={batch !== null} onChange={(event) => onBatch(event.target.checked ? (value ? [value] : []) : null)} /> Run once per dataset (batch mode) for {`Step ${step.number}`}
      </label>
    </div>
  );
}

/** The collections of the input's type (a step without one takes any). */
function collectionsFor(step: RunFormStep, collections: HistoryCollectionChoice[]): HistoryCollectionChoice[] {
  return step.collectionType ? collections.filter((collection) => collection.collectionType === step.collectionType) : collections;
}

function CollectionPicker({ heading, collections, value, onChange }: { step: RunFormStep; heading: Heading; collections: HistoryCollectionChoice[]; value: string; onChange(id: string): void }) {
  return (
    <label>
      {heading.title} <span className="muted">({heading.detail})</span>
      <select required value={value} onChange={(event) => onChange(event.target.value)}>
        {collections.map((collection) => (
          <option key={collection.id} value={collection.id}>
            {`${collection.hid}: ${collection.name} (${collection.collectionType}, ${collection.elementCount} elements)`}
          </option>
        ))}
      </select>
    </label>
  );
}
