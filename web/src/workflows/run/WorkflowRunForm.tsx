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
  /** How each dataset input is given: one dataset, several (one run each) or a collection (one run per element). */
  const [modes, setModes] = useState<Record<number, InputMode>>({});
  /** Dataset inputs in batch mode: the datasets picked, one run each (several inputs in batch mode pair theirs in order). */
  const [batch, setBatch] = useState<Record<number, string[]>>({});
  /** Dataset inputs given a list collection: the collection, the steps they feed mapped over its elements. */
  const [mapped, setMapped] = useState<Record<number, string>>({});
  const [queuedRuns, setQueuedRuns] = useState<Array<{ id: string; label: string }>>([]);
  const [newHistory, setNewHistory] = useState(false);
  const [newHistoryName, setNewHistoryName] = useState(`${workflow.name} results`);
  const [fieldErrors, setFieldErrors] = useState<Record<number, Record<string, string>>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const byIndex = useMemo(() => new Map(steps.map((step) => [step.orderIndex, step])), [steps]);
  const inputSteps = steps.filter((step) => step.type !== 'tool');
  const choiceOf = (step: RunFormStep) => chosen[step.orderIndex] ?? (step.type === 'data_collection_input' ? collectionsFor(step, collections)[0]?.id : datasets[0]?.id) ?? '';
  const lists = collections.filter((collection) => collection.collectionType === 'list');
  const modeOf = (step: RunFormStep): InputMode => (step.type === 'data_input' ? (modes[step.orderIndex] ?? 'one') : 'one');
  const batchOf = (step: RunFormStep) => batch[step.orderIndex] ?? [];
  const mappedOf = (step: RunFormStep) => mapped[step.orderIndex] ?? lists[0]?.id ?? '';
  const missing = inputSteps.some((step) => {
    const mode = modeOf(step);
    if (mode === 'datasets') return batchOf(step).length === 0;
    if (mode === 'collection') return !mappedOf(step);
    return !choiceOf(step);
  });
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
    const batched = inputSteps.filter((step) => modeOf(step) === 'datasets');
    const runCount = batched.length === 0 ? 1 : batchOf(batched[0]).length;
    if (batched.some((step) => batchOf(step).length !== runCount)) {
      setProblems(['Inputs in batch mode must have the same number of datasets: their datasets are paired in order, one run per pair.']);
      return;
    }
    const inputOf = (step: RunFormStep, run: number) => {
      const mode = modeOf(step);
      if (mode === 'collection') return { src: 'hdca', id: mappedOf(step) };
      if (mode === 'datasets') return { src: 'hda', id: batchOf(step)[run] };
      return { src: step.type === 'data_collection_input' ? 'hdca' : 'hda', id: choiceOf(step) };
    };
    const inputsOfRun = (run: number) => Object.fromEntries(inputSteps.map((step) => [String(step.orderIndex), inputOf(step, run)]));
    // A collection given to a dataset input maps the steps it feeds over its elements (the platform's batch over a collection).
    const mapOverCollections = inputSteps.some((step) => modeOf(step) === 'collection');
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
      const outcome = await invoke({ workflowId: workflow.id, input, mapOverCollections });
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
      const outcome = await invoke({ workflowId: workflow.id, input: { ...input, ...historyOfRuns, inputs: inputsOfRun(run) }, mapOverCollections });
      const invocation = outcome.data?.invokeWorkflowChecked;
      if (outcome.error || !invocation) {
        setProblems(outcome.error ? refusalTexts(outcome.error) : ['No answer from the server.']);
        break;
      }
      historyOfRuns = { historyId: invocation.historyId };
      const names = batched.map((step) => datasets.find((dataset) => dataset.id === batchOf(step)[run])?.name ?? '').join(', ');
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
              lists={lists}
              mode={modeOf(step)}
              onMode={(mode) => {
                setModes((old) => ({ ...old, [step.orderIndex]: mode }));
                // Several datasets start from the one picked.
                if (mode === 'datasets' && !batch[step.orderIndex]) setBatch((old) => ({ ...old, [step.orderIndex]: choiceOf(step) ? [choiceOf(step)] : [] }));
              }}
              value={choiceOf(step)}
              onChange={(id) => setChosen((old) => ({ ...old, [step.orderIndex]: id }))}
              batch={batchOf(step)}
              onBatch={(ids) => setBatch((old) => ({ ...old, [step.orderIndex]: ids }))}
              list={mappedOf(step)}
              onList={(id) => setMapped((old) => ({ ...old, [step.orderIndex]: id }))}
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

/** How a dataset input is given: one dataset, several (batch mode: one run each), or a list collection (one run per element). */
export type InputMode = 'one' | 'datasets' | 'collection';

const MODES: ReadonlyArray<{ mode: InputMode; label: string }> = [
  { mode: 'one', label: 'One dataset' },
  { mode: 'datasets', label: 'Several datasets: one run each (batch mode)' },
  { mode: 'collection', label: 'A collection: one run per element (batch mode)' },
];

interface DatasetPickerProps {
  step: RunFormStep;
  heading: Heading;
  datasets: HistoryDatasetChoice[];
  lists: HistoryCollectionChoice[];
  mode: InputMode;
  onMode(mode: InputMode): void;
  value: string;
  onChange(id: string): void;
  batch: string[];
  onBatch(ids: string[]): void;
  list: string;
  onList(id: string): void;
}

/** A dataset input: one dataset, several (one run each), or a list collection whose elements the steps it feeds are mapped over. */
function DatasetPicker({ step, heading, datasets, lists, mode, onMode, value, onChange, batch, onBatch, list, onList }: DatasetPickerProps) {
  const options = datasets.map((dataset) => (
    <option key={dataset.id} value={dataset.id}>
      {`${dataset.hid}: ${dataset.name} (${dataset.extension}, ${dataset.state})`}
    </option>
  ));
  return (
    <div className="run-input">
      <label>
        {heading.title} <span className="muted">({heading.detail}{mode === 'collection' ? ', a list collection' : ''})</span>
        {mode === 'one' && (
          <select required value={value} onChange={(event) => onChange(event.target.value)}>
            {options}
          </select>
        )}
        {mode === 'datasets' && (
          <select multiple size={Math.min(Math.max(datasets.length, 2), 6)} value={batch} onChange={(event) => onBatch(oldestFirst(datasets, Array.from(event.target.selectedOptions, (option) => option.value)))}>
            {options}
          </select>
        )}
        {mode === 'collection' && (
          <select required value={list} onChange={(event) => onList(event.target.value)}>
            {lists.map((collection) => (
              <option key={collection.id} value={collection.id}>
                {`${collection.hid}: ${collection.name} (${collection.collectionType}, ${collection.elementCount} elements)`}
              </option>
            ))}
          </select>
        )}
      </label>
      {mode === 'collection' && lists.length === 0 && <p>The current history has no list collection.</p>}
      <label>
        {`How Step ${step.number} is given`}
        <select value={mode} onChange={(event) => onMode(event.target.value as InputMode)}>
          {MODES.map((choice) => (
            <option key={choice.mode} value={choice.mode}>
              {choice.label}
            </option>
          ))}
        </select>
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
