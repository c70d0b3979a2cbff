import { Link, useParams } from 'react-router-dom';
import { useQuery, useSubscription } from 'urql';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { CancelRunButton } from './CancelRunButton';
import { PROGRESS_TEXT, progressOf } from './invocation-progress';
import { InvocationChangedSubscription, InvocationQuery } from './workflow-documents';
import { InvocationSteps } from './run/InvocationSteps';
import { WorkflowStepNamesQuery } from './run/run-form-documents';

/**
 * `/workflows/invocations/:invocationId`: a run's steps and their jobs, followed live until it is
 * over: the `workflowInvocationChanged` subscription delivers the run at once and after each change
 * (whichever server process ran the job), and the normalised cache puts it where the run shows. No
 * polling; the subscription ends once the run is over.
 */
export function InvocationPage() {
  const { invocationId = '' } = useParams();
  const [result] = useQuery({ query: InvocationQuery, variables: { id: invocationId } });
  const invocation = result.data?.workflowInvocation;
  const progress = invocation ? progressOf(invocation) : null;
  const over = progress === 'finished' || progress === 'failed';
  // Its first event is the run as it is: nothing that changed between the read and the subscription is missed.
  const [live] = useSubscription({ query: InvocationChangedSubscription, variables: { invocationId }, pause: !invocation || over });
  // The workflow names the run's steps (a run of a workflow deleted since keeps its numbers).
  const [workflowResult] = useQuery({ query: WorkflowStepNamesQuery, variables: { id: invocation?.storedWorkflowId ?? '' }, pause: !invocation });
  const workflow = workflowResult.data?.workflow;

  if (result.error && !invocation) return <Page title="Workflow run"><ErrorMessage error={result.error} what="Could not open the run" /></Page>;
  if (!invocation || !progress) return <Page title="Workflow run"><p role="status">Loading…</p></Page>;
  return (
    <Page title="Workflow run" actions={over ? undefined : <CancelRunButton invocationId={invocation.id} />}>
      <Breadcrumbs
        crumbs={[{ label: 'Workflows', to: '/workflows' }, { label: workflow?.name ?? 'Workflow', to: `/workflows/${invocation.storedWorkflowId}` }, { label: 'Run' }]}
      />
      <p role="status" aria-live="polite" className={`state state-${progress === 'finished' ? 'ok' : progress === 'failed' ? 'error' : 'running'}`}>
        {PROGRESS_TEXT[progress]}
      </p>
      {invocation.message && <p className="error">{invocation.message}</p>}
      <ErrorMessage error={live.error} what="Could not follow the run live" />
      <p className="muted">
        Started {new Date(invocation.createTime).toLocaleString()} · run state {invocation.state} ·{' '}
        <Link to={`/histories/${invocation.historyId}`}>Open its history</Link>
      </p>
      <InvocationSteps invocation={invocation} workflowSteps={workflow?.runForm ?? []} />
    </Page>
  );
}
