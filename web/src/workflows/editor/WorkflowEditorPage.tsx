import { useCallback, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Page } from '../../ui/Page';
import { EditorWorkflowQuery, SaveWorkflowMutation } from './editor-documents';
import { type EditorStep, editorSteps, gaDictionary } from './editor-model';
import { markEditorReady } from './editor-timing';
import { WorkflowCanvasEditor } from './WorkflowCanvasEditor';

/** `/workflows/<id>/edit`: the stored workflow's latest version on the canvas; Save writes a new version. */
export function WorkflowEditorPage() {
  const { workflowId = '' } = useParams();
  const [result] = useQuery({ query: EditorWorkflowQuery, variables: { id: workflowId }, requestPolicy: 'network-only' });
  const [, saveWorkflow] = useMutation(SaveWorkflowMutation);
  const workflow = result.data?.workflow;
  const steps = useMemo(() => (workflow && result.data ? editorSteps(workflow, result.data.workflowDocument) : null), [workflow, result.data]);
  const name = workflow?.name ?? '';
  const save = useCallback(
    async (current: EditorStep[]) => {
      const answer = await saveWorkflow({ id: workflowId, workflow: gaDictionary(name, current) });
      return answer.error ? answer.error.message : null;
    },
    [saveWorkflow, workflowId, name],
  );
  return (
    <Page title={workflow ? `Edit workflow “${workflow.name}”` : 'Edit workflow'} actions={<Link to={`/workflows/${workflowId}`}>Back to the workflow</Link>}>
      <ErrorMessage error={result.error} what="Could not open the workflow" />
      {result.fetching && !steps && <p role="status">Loading the workflow…</p>}
      {workflow && !workflow.viewerCan.change && <p role="alert">Only the owner can change this workflow.</p>}
      {steps && workflow?.viewerCan.change && <WorkflowCanvasEditor key={workflowId} initialSteps={steps} onSave={save} onReady={markEditorReady} />}
    </Page>
  );
}
