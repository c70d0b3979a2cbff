import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { ImportSharedWorkflowMutation, WorkflowInvocationsQuery, WorkflowQuery } from './workflow-documents';
import { WorkflowManagement } from './manage/WorkflowManageActions';
import { WorkflowVersions } from './manage/WorkflowVersions';
import { WorkflowSteps } from './WorkflowSteps';

/** `/workflows/:workflowId`: a workflow's steps, its runs, and the ways to run, share or copy it. */
export function WorkflowPage() {
  const { workflowId = '' } = useParams();
  const [result] = useQuery({ query: WorkflowQuery, variables: { id: workflowId } });
  const { viewer } = useViewer();
  const workflow = result.data?.workflow;
  if (result.error) return <Page title="Workflow"><ErrorMessage error={result.error} what="Could not open the workflow" /></Page>;
  if (!workflow) return <Page title="Workflow"><p role="status">Loading…</p></Page>;
  // Only what the caller may do is offered (the graph answers it from the rules the operations apply).
  const may = workflow.viewerCan;

  return (
    <Page
      title={workflow.name}
      actions={
        <div className="actions">
          {may.run && <Link to={`/workflows/${workflow.id}/run`}>Run workflow</Link>}
          {may.change && <Link to={`/workflows/${workflow.id}/edit`}>Edit</Link>}
          {may.share && <Link to={`/sharing/workflows/${workflow.id}`}>Share or publish</Link>}
          {may.copy && <CopyWorkflowButton workflowId={workflow.id} />}
        </div>
      }
    >
      <Breadcrumbs crumbs={[{ label: 'Workflows', to: '/workflows' }, { label: workflow.name }]} />
      <p className="muted">
        By {workflow.owner ?? 'unknown'} · {workflow.stepCount} steps
        {workflow.published ? ' · published' : ''}
        {workflow.importable ? ' · accessible by link' : ''}
      </p>
      {viewer?.user ? <WorkflowManagement workflowId={workflow.id} /> : workflow.annotation && <p>{workflow.annotation}</p>}
      <h2>Steps</h2>
      <WorkflowSteps steps={workflow.steps} />
      {viewer?.user && <WorkflowVersions workflowId={workflow.id} mayChange={may.share} />}
      {viewer?.user && <Invocations workflowId={workflow.id} />}
    </Page>
  );
}

function CopyWorkflowButton({ workflowId }: { workflowId: string }) {
  const [result, copy] = useMutation(ImportSharedWorkflowMutation);
  const navigate = useNavigate();
  const run = async () => {
    const outcome = await copy({ id: workflowId });
    const copied = outcome.data?.importSharedWorkflow;
    if (copied) navigate(`/workflows/${copied.id}`);
  };
  return (
    <>
      <button type="button" onClick={run} disabled={result.fetching}>
        Copy to my workflows
      </button>
      <ErrorMessage error={result.error} what="Could not copy" />
    </>
  );
}

function Invocations({ workflowId }: { workflowId: string }) {
  const [result] = useQuery({ query: WorkflowInvocationsQuery, variables: { workflowId }, requestPolicy: 'cache-and-network' });
  const invocations = result.data?.workflowInvocations ?? [];
  return (
    <section aria-labelledby="runs-title">
      <h2 id="runs-title">Your runs</h2>
      <ErrorMessage error={result.error} what="Could not list the runs" />
      {result.data && invocations.length === 0 && <p>Not run yet.</p>}
      {invocations.length > 0 && (
        <ul>
          {invocations.map((invocation) => (
            <li key={invocation.id}>
              <Link to={`/workflows/invocations/${invocation.id}`}>{new Date(invocation.createTime).toLocaleString()}</Link>{' '}
              <span className={`state state-${invocation.state}`}>{invocation.state}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
