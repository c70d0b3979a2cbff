import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { CancelRunButton } from './CancelRunButton';
import { type InvocationView, PROGRESS_TEXT, progressOf } from './invocation-progress';
import { InvocationQuery, WorkflowQuery } from './workflow-documents';
import { stepTitle, type WorkflowStepView } from './WorkflowSteps';

/** How often a run that is not over is read again (its datasets' states reach the history panel live). */
const REREAD_MS = 1500;

/** `/workflows/invocations/:invocationId`: a run's steps and their jobs, followed until it is over. */
export function InvocationPage() {
  const { invocationId = '' } = useParams();
  const [result, reexecute] = useQuery({ query: InvocationQuery, variables: { id: invocationId } });
  const invocation = result.data?.workflowInvocation;
  const progress = invocation ? progressOf(invocation) : null;
  const over = progress === 'finished' || progress === 'failed';
  // The workflow names the run's steps (a run of a workflow deleted since keeps its numbers).
  const [workflowResult] = useQuery({ query: WorkflowQuery, variables: { id: invocation?.storedWorkflowId ?? '' }, pause: !invocation });
  const workflow = workflowResult.data?.workflow;
  useEffect(() => {
    if (!invocation || over || result.fetching) return undefined;
    const timer = window.setTimeout(() => reexecute({ requestPolicy: 'network-only' }), REREAD_MS);
    return () => window.clearTimeout(timer);
  }, [invocation, over, result.fetching, reexecute]);

  if (result.error && !invocation) return <Page title="Workflow run"><ErrorMessage error={result.error} what="Could not open the run" /></Page>;
  if (!invocation || !progress) return <Page title="Workflow run"><p role="status">Loading…</p></Page>;
  return (
    <Page title="Workflow run" actions={over ? undefined : <CancelRunButton invocationId={invocation.id} onCancelled={() => reexecute({ requestPolicy: 'network-only' })} />}>
      <Breadcrumbs
        crumbs={[{ label: 'Workflows', to: '/workflows' }, { label: workflow?.name ?? 'Workflow', to: `/workflows/${invocation.storedWorkflowId}` }, { label: 'Run' }]}
      />
      <p role="status" aria-live="polite" className={`state state-${progress === 'finished' ? 'ok' : progress === 'failed' ? 'error' : 'running'}`}>
        {PROGRESS_TEXT[progress]}
      </p>
      {invocation.message && <p className="error">{invocation.message}</p>}
      <p className="muted">
        Started {new Date(invocation.createTime).toLocaleString()} · run state {invocation.state} ·{' '}
        <Link to={`/histories/${invocation.historyId}`}>Open its history</Link>
      </p>
      <InvocationSteps invocation={invocation} workflowSteps={workflow?.steps ?? []} />
    </Page>
  );
}

function InvocationSteps({ invocation, workflowSteps }: { invocation: InvocationView; workflowSteps: WorkflowStepView[] }) {
  if (invocation.steps.length === 0) return <p>No step is scheduled yet.</p>;
  const titles = new Map(workflowSteps.map((step) => [step.orderIndex, stepTitle(step)]));
  return (
    <ol className="steps" start={0} aria-label="Steps of the run">
      {invocation.steps.map((step) => (
        <li key={step.id}>
          <strong>Step {step.orderIndex}</strong>
          {step.workflowStepLabel || titles.has(step.orderIndex) ? `: ${step.workflowStepLabel ?? titles.get(step.orderIndex)}` : ''} <span className={`state state-${step.state}`}>{step.state}</span>
          {step.jobs.length > 0 && (
            <ul className="step-jobs">
              {step.jobs.map((job) => (
                <li key={job.id}>
                  {job.toolId}: <span className={`state state-${job.state}`} data-state={job.state}>{job.state}</span>
                  {job.outputs.map((output) =>
                    output.dataset ? (
                      <span key={output.name}>
                        {' → '}
                        <Link to={`/datasets/${output.dataset.id}`}>{`${output.dataset.hid}: ${output.dataset.name}`}</Link>
                      </span>
                    ) : null,
                  )}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
