import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { AnnotationEditor } from '../../history/AnnotationEditor';
import { TagChips, TagEditor } from '../../history/TagEditor';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { RenameForm } from '../../ui/RenameForm';
import { workflowDownloadHref, workflowFileName } from './download-link';
import {
  AnnotateWorkflowMutation,
  CopyWorkflowMutation,
  DeleteWorkflowMutation,
  ManagedWorkflowQuery,
  RenameWorkflowMutation,
  SetWorkflowTagsMutation,
  UndeleteWorkflowMutation,
} from './manage-documents';

/**
 * A workflow's managing controls on its screen, 15.05's words: Rename, Copy, Delete or Undelete,
 * Download (.ga), then its tags and annotation edited in place. Only what the caller may do shows.
 */
export function WorkflowManagement({ workflowId }: { workflowId: string }) {
  const [result] = useQuery({ query: ManagedWorkflowQuery, variables: { id: workflowId } });
  const [renaming, setRenaming] = useState(false);
  const [renamed, rename] = useMutation(RenameWorkflowMutation);
  const [, annotate] = useMutation(AnnotateWorkflowMutation);
  const [, setTags] = useMutation(SetWorkflowTagsMutation);
  const [copied, copy] = useMutation(CopyWorkflowMutation);
  const [deleted, remove] = useMutation(DeleteWorkflowMutation);
  const [undeleted, undelete] = useMutation(UndeleteWorkflowMutation);
  const navigate = useNavigate();
  const workflow = result.data?.workflow;
  if (!workflow) return <ErrorMessage error={result.error} what="Could not read the workflow" />;
  const may = workflow.viewerCan;
  const owner = `workflow ${workflow.name}`;

  return (
    <div className="workflow-management">
      <div className="actions" role="group" aria-label="Manage workflow">
        {may.change && !renaming && (
          <button type="button" onClick={() => setRenaming(true)}>
            Rename
          </button>
        )}
        {may.duplicate && (
          <button
            type="button"
            disabled={copied.fetching}
            onClick={async () => {
              const made = (await copy({ id: workflow.id })).data?.copyWorkflow;
              if (made) navigate(`/workflows/${made.id}`);
            }}
          >
            Copy
          </button>
        )}
        {!workflow.deleted && (
          <a href={workflowDownloadHref(workflow.id)} download={workflowFileName(workflow.name)}>
            Download
          </a>
        )}
        {may.change && !workflow.deleted && (
          <button
            type="button"
            disabled={deleted.fetching}
            onClick={async () => {
              if (!(await remove({ id: workflow.id })).error) navigate('/workflows?list=deleted');
            }}
          >
            Delete
          </button>
        )}
        {may.change && workflow.deleted && (
          <button type="button" disabled={undeleted.fetching} onClick={() => undelete({ id: workflow.id })}>
            Undelete
          </button>
        )}
      </div>
      {workflow.deleted && <p className="notice-purged">This workflow is deleted: it is not run until it is undeleted.</p>}
      {renaming && (
        <RenameForm
          label="Workflow name"
          name={workflow.name}
          onCancel={() => setRenaming(false)}
          onRename={async (name) => {
            if (!(await rename({ id: workflow.id, name })).error) setRenaming(false);
          }}
        />
      )}
      <ErrorMessage error={renamed.error} what="Could not rename" />
      <ErrorMessage error={copied.error} what="Could not copy" />
      <ErrorMessage error={deleted.error ?? undeleted.error} what="Could not change the workflow" />
      {may.change ? (
        <TagEditor tags={workflow.tags} owner={owner} onSave={async (tags) => (await setTags({ id: workflow.id, tags })).error} />
      ) : (
        <TagChips tags={workflow.tags} label={`Tags of ${owner}`} />
      )}
      <AnnotationEditor
        annotation={workflow.annotation}
        owner={owner}
        onSave={may.change ? async (annotation) => (await annotate({ id: workflow.id, annotation: annotation ?? '' })).error : undefined}
      />
    </div>
  );
}
