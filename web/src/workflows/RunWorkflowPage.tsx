import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { useTargetHistory } from '../ui/use-target-history';
import { type HistoryDatasetChoice, useHistoryDatasets } from './history-datasets';
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
  const { historyName, datasets, error: datasetsError, fetching } = useHistoryDatasets(historyId);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [result, invoke] = useMutation(InvokeWorkflowMutation);
  const navigate = useNavigate();
  const inputSteps = steps.filter((step) => step.type === 'data_input');
  const otherInputs = steps.filter((step) => step.type === 'data_collection_input');
  const toolSteps = steps.filter((step) => editableParameters(step).length > 0);
  const choiceOf = (step: WorkflowStepView) => chosen[step.orderIndex] ?? datasets[0]?.id ?? '';

  if (historyId === undefined) return <p role="status">Loading the current history…</p>;
  if (historyId === null) return <p>You have no current history: <Link to="/upload">upload data</Link> first.</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const inputs = Object.fromEntries(inputSteps.map((step) => [String(step.orderIndex), { src: 'hda', id: choiceOf(step) }]));
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
      {otherInputs.length > 0 && <p role="alert">This workflow takes a collection as input; running it from here is not offered yet.</p>}
      {inputSteps.map((step) => (
        <DatasetPicker key={step.id} step={step} datasets={datasets} value={choiceOf(step)} onChange={(id) => setChosen((old) => ({ ...old, [step.orderIndex]: id }))} />
      ))}
      {!fetching && inputSteps.length > 0 && datasets.length === 0 && <p>The current history has no datasets to use as inputs.</p>}
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
        <button type="submit" disabled={result.fetching || otherInputs.length > 0 || (inputSteps.length > 0 && datasets.length === 0)}>
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
