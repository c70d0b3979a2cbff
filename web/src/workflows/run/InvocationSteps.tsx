import { Link } from 'react-router-dom';
import type { ResultOf } from '../../graphql';
import type { InvocationView } from '../invocation-progress';
import type { WorkflowStepNamesQuery } from './run-form-documents';

type StepName = ResultOf<typeof WorkflowStepNamesQuery>['workflow']['runForm'][number];

type Step = InvocationView['steps'][number];
type OutputCollection = NonNullable<Step['outputs'][number]['collection']>;

/** The element each dataset of a step's output collections is (a mapped step's job is named by its element). */
function elementsByDataset(step: Step): Map<string, string> {
  const found = new Map<string, string>();
  for (const output of step.outputs) for (const element of output.collection?.elements ?? []) if (element.dataset) found.set(element.dataset.id, element.elementIdentifier);
  return found;
}

/**
 * A run's steps by the numbers the run form and its errors use (inputs first, from 1), each with its
 * jobs (linked, by tool name; one per element when the step mapped over a collection, named by its
 * element) and their outputs by name (linked to the datasets), and a mapped step's output collections.
 */
export function InvocationSteps({ invocation, workflowSteps }: { invocation: InvocationView; workflowSteps: readonly StepName[] }) {
  if (invocation.steps.length === 0) return <p>No step is scheduled yet.</p>;
  const names = new Map(workflowSteps.map((step) => [step.orderIndex, step]));
  // Until the workflow's names arrive (or for a workflow deleted since), a step shows its order index + 1.
  const numberOf = (orderIndex: number) => names.get(orderIndex)?.number ?? orderIndex + 1;
  const given = new Map(invocation.inputs.map((input) => [input.orderIndex, input]));
  const steps = [...invocation.steps].sort((a, b) => numberOf(a.orderIndex) - numberOf(b.orderIndex));
  return (
    <ol className="steps" style={{ listStyleType: 'none', paddingLeft: 0 }} aria-label="Steps of the run">
      {steps.map((step) => {
        const named = names.get(step.orderIndex);
        const title = step.workflowStepLabel ?? named?.title;
        const elementOf = elementsByDataset(step);
        const jobElement = (job: Step['jobs'][number]) => job.outputs.map((output) => (output.dataset ? elementOf.get(output.dataset.id) : undefined)).find((element) => element !== undefined);
        const mappedOutputs = step.outputs.filter((output) => output.collection && !given.has(step.orderIndex));
        return (
          <li key={step.id}>
            <strong>
              Step {numberOf(step.orderIndex)}
              {title ? `: ${title}` : ''}
            </strong>{' '}
            <span className={`state state-${step.state}`}>{step.state}</span>
            {given.has(step.orderIndex) && <InputLink input={given.get(step.orderIndex) as InvocationView['inputs'][number]} historyId={invocation.historyId} />}
            {step.jobs.length > 0 && (
              <ul className="step-jobs">
                {step.jobs.map((job) => (
                  <li key={job.id}>
                    <Link to={`/jobs/${job.id}`}>{`Job of ${named?.toolName ?? job.toolId}${jobElement(job) !== undefined ? ` for element ${jobElement(job)}` : ''}`}</Link>:{' '}
                    <span className={`state state-${job.state}`} data-state={job.state}>
                      {job.state}
                    </span>
                    {job.outputs.some((output) => output.dataset) && (
                      <ul>
                        {job.outputs.map((output) =>
                          output.dataset ? (
                            <li key={output.name}>
                              {output.name}: <Link to={`/datasets/${output.dataset.id}`}>{`${output.dataset.hid}: ${output.dataset.name}`}</Link>{' '}
                              <span className={`state state-${output.dataset.state}`}>{output.dataset.state}</span>
                            </li>
                          ) : null,
                        )}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {mappedOutputs.length > 0 && (
              <ul className="step-outputs" aria-label={`Output collections of Step ${numberOf(step.orderIndex)}`}>
                {mappedOutputs.map((output) => (
                  <li key={output.name}>
                    Output collection {output.name}: <CollectionLink collection={output.collection as OutputCollection} historyId={invocation.historyId} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** What the run gave an input step: its dataset, or its collection. */
function InputLink({ input, historyId }: { input: InvocationView['inputs'][number]; historyId: string }) {
  return (
    <div>
      {input.src === 'hdca' ? <Link to={`/histories/${historyId}/collections/${input.id}`}>The input collection</Link> : <Link to={`/datasets/${input.id}`}>The input dataset</Link>}
    </div>
  );
}

/** An output collection of a mapped step, by hid and name, linked to its elements. */
function CollectionLink({ collection, historyId }: { collection: OutputCollection; historyId: string }) {
  return (
    <>
      <Link to={`/histories/${historyId}/collections/${collection.id}`}>{`${collection.hid}: ${collection.name}`}</Link>{' '}
      <span className="muted">{`(a ${collection.collectionType} of ${collection.elementCount} ${collection.elementCount === 1 ? 'dataset' : 'datasets'})`}</span>
    </>
  );
}
