import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { useTargetHistory } from '../ui/use-target-history';
import { type HistoryCollectionChoice, type HistoryDatasetChoice, useHistoryDatasets } from './history-datasets';
import { changedParameters, editableParameters } from './step-parameters';
import { InvokeWorkflowMutation, WorkflowQuery } from './workflow-documents';
import { stepTitle, type WorkflowStepView } from './WorkflowSteps';

/** `/workflows/:workflowId/run`: inputs picked from the current history, parameters, Run. */
export function RunWorkflowPage() {
  const { workflowId = '' } = useParams();
  const [result] = useQuery({ query: WorkflowQuery, variables: { id: workflowId } });
  const workflow = result.data?.workflow;
  if (result.error) return <Page title="Run workflow"><ErrorMessage error={result.error} what="Could not open the workflow" /></Page>;
  if (!workflow) return <Page title="Run workflow"><p role="status">Loading…</p></Page>;
  return (
    <Page title={`Run ${workflow.name}`}>
      <Breadcrumbs crumbs={[{ label: 'Workflows', to: '/workflows' }, { label: workflow.name, to: `/workflows/${workflow.id}` }, { label: 'Run' }]} />
      <RunForm workflowId={workflow.id} steps={workflow.steps} />
    </Page>
  );
}

function RunForm({ workflowId, steps }: { workflowId: string; steps: WorkflowStepView[] }) {
  const { historyId } = useTargetHistory();
  const { historyName, datasets, collections, error: datasetsError, fetching } = useHistoryDatasets(historyId);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [result, invoke] = useMutation(InvokeWorkflowMutation);
  const navigate = useNavigate();
  const inputSteps = steps.filter((step) => step.type === 'data_input');
  const collectionSteps = steps.filter((step) => step.type === 'data_collection_input');
  const toolSteps = steps.filter((step) => editableParameters(step).length > 0);
  const choiceOf = (step: WorkflowStepView) => chosen[step.orderIndex] ?? (step.type === 'data_collection_input' ? collectionsFor(step, collections)[0]?.id : datasets[0]?.id) ?? '';
  const choose = (step: WorkflowStepView) => (id: string) => setChosen((old) => ({ ...old, [step.orderIndex]: id }));
  const missing = inputSteps.some((step) => !choiceOf(step)) || collectionSteps.some((step) => !choiceOf(step));

  if (historyId === undefined) return <p role="status">Loading the current history…</p>;
  if (historyId === null) return <p>You have no current history: <Link to="/upload">upload data</Link> first.</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const inputs = Object.fromEntries([
      ...inputSteps.map((step) => [String(step.orderIndex), { src: 'hda', id: choiceOf(step) }]),
      ...collectionSteps.map((step) => [String(step.orderIndex), { src: 'hdca', id: choiceOf(step) }]),
    ]);
    const outcome = await invoke({ workflowId, input: { historyId, inputs, parameters: changedParameters(steps, edits) } });
    const invocation = outcome.data?.invokeWorkflow;
    if (invocation) navigate(`/workflows/invocations/${invocation.id}`);
  };

  return (
    <form className="stack" onSubmit={submit} aria-label="Run the workflow">
      <p>
        Inputs from the current history{historyName ? `, ${historyName}` : ''}; the outputs go there too.
      </p>
      <ErrorMessage error={datasetsError} what="Could not list the history's datasets" />
      {inputSteps.map((step) => (
        <DatasetPicker key={step.id} step={step} datasets={datasets} value={choiceOf(step)} onChange={choose(step)} />
      ))}
      {collectionSteps.map((step) => (
        <CollectionPicker key={step.id} step={step} collections={collectionsFor(step, collections)} value={choiceOf(step)} onChange={choose(step)} />
      ))}
      {!fetching && missing && <p>The current history has no dataset or collection for every input.</p>}
      {toolSteps.map((step) => (
        <fieldset key={step.id}>
          <legend>
            Step {step.orderIndex}: {stepTitle(step)}
          </legend>
          {editableParameters(step).map(({ name, value }) => {
            const key = `${step.orderIndex}|${name}`;
            return (
              <label key={key}>
                {name}
                <input value={edits[key] ?? String(value)} onChange={(event) => setEdits((old) => ({ ...old, [key]: event.target.value }))} />
              </label>
            );
          })}
        </fieldset>
      ))}
      <div>
        <button type="submit" disabled={result.fetching || missing}>
          Run workflow
        </button>
      </div>
      <ErrorMessage error={result.error} what="Could not run the workflow" />
    </form>
  );
}

function DatasetPicker({ step, datasets, value, onChange }: { step: WorkflowStepView; datasets: HistoryDatasetChoice[]; value: string; onChange(id: string): void }) {
  return (
    <label>
      Input {step.orderIndex}: {stepTitle(step)}
      <select required value={value} onChange={(event) => onChange(event.target.value)}>
        {datasets.map((dataset) => (
          <option key={dataset.id} value={dataset.id}>
            {`${dataset.hid}: ${dataset.name} (${dataset.extension}, ${dataset.state})`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The collections of the input's type (a step without one takes any). */
function collectionsFor(step: WorkflowStepView, collections: HistoryCollectionChoice[]): HistoryCollectionChoice[] {
  const wanted = step.toolInputs.collection_type;
  return typeof wanted === 'string' && wanted ? collections.filter((collection) => collection.collectionType === wanted) : collections;
}

function CollectionPicker({ step, collections, value, onChange }: { step: WorkflowStepView; collections: HistoryCollectionChoice[]; value: string; onChange(id: string): void }) {
  return (
    <label>
      Input {step.orderIndex}: {stepTitle(step)} (collection)
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
