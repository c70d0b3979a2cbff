import { useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { workflowDownloadHref, workflowFileName } from './download-link';
import { CopyWorkflowMutation, DeleteWorkflowMutation } from './manage-documents';

/** A row of the caller's own workflows: Copy, Download and Delete, named after the workflow. */
export function WorkflowRowActions({ workflow }: { workflow: { id: string; name: string } }) {
  const [copied, copy] = useMutation(CopyWorkflowMutation);
  const [deleted, remove] = useMutation(DeleteWorkflowMutation);
  const navigate = useNavigate();
  return (
    <>
      <button
        type="button"
        aria-label={`Copy ${workflow.name}`}
        disabled={copied.fetching}
        onClick={async () => {
          const made = (await copy({ id: workflow.id })).data?.copyWorkflow;
          if (made) navigate(`/workflows/${made.id}`);
        }}
      >
        Copy
      </button>
      <a href={workflowDownloadHref(workflow.id)} download={workflowFileName(workflow.name)} aria-label={`Download ${workflow.name}`}>
        Download
      </a>
      <button type="button" aria-label={`Delete ${workflow.name}`} disabled={deleted.fetching} onClick={() => remove({ id: workflow.id })}>
        Delete
      </button>
      <ErrorMessage error={copied.error ?? deleted.error} what={`Could not change ${workflow.name}`} />
    </>
  );
}
