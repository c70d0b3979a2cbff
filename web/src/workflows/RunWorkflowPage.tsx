import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { WorkflowRunFormQuery } from './run/run-form-documents';
import { WorkflowRunForm } from './run/WorkflowRunForm';

/** `/workflows/:workflowId/run`: inputs picked from the current history, each tool step's form, Run. */
export function RunWorkflowPage() {
  const { workflowId = '' } = useParams();
  const [result] = useQuery({ query: WorkflowRunFormQuery, variables: { id: workflowId } });
  const workflow = result.data?.workflow;
  if (result.error) return <Page title="Run workflow"><ErrorMessage error={result.error} what="Could not open the workflow" /></Page>;
  if (!workflow) return <Page title="Run workflow"><p role="status">Loading…</p></Page>;
  return (
    <Page title={`Run ${workflow.name}`}>
      <Breadcrumbs crumbs={[{ label: 'Workflows', to: '/workflows' }, { label: workflow.name, to: `/workflows/${workflow.id}` }, { label: 'Run' }]} />
      <WorkflowRunForm key={workflow.id} workflow={workflow} />
    </Page>
  );
}
