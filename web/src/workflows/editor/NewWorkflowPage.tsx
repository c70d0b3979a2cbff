import { useCallback, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { Page } from '../../ui/Page';
import { CreateWorkflowMutation, SaveWorkflowMutation } from './editor-documents';
import { type EditorStep, gaDictionary } from './editor-model';
import { WorkflowCanvasEditor } from './WorkflowCanvasEditor';

/** `/workflows/new`: "Create new workflow": a name and an empty canvas; Save creates it and stores its steps. */
export function NewWorkflowPage() {
  const [name, setName] = useState('');
  const [annotation, setAnnotation] = useState('');
  const [, create] = useMutation(CreateWorkflowMutation);
  const [, saveWorkflow] = useMutation(SaveWorkflowMutation);
  const navigate = useNavigate();
  const nameId = useId();
  const save = useCallback(
    async (steps: EditorStep[]) => {
      if (name.trim() === '') return 'Give the workflow a name first.';
      const created = await create({ name, annotation: annotation.trim() === '' ? null : annotation });
      if (!created.data) return created.error?.message ?? 'The workflow was not created.';
      const id = created.data.createWorkflow.id;
      if (steps.length > 0) {
        const saved = await saveWorkflow({ id, workflow: gaDictionary(name, steps) });
        if (saved.error) return saved.error.message;
      }
      // The editor saw the save succeed first, so leaving asks nothing.
      setTimeout(() => navigate(`/workflows/${id}/edit`, { replace: true }), 0);
      return null;
    },
    [name, annotation, create, saveWorkflow, navigate],
  );
  const header = (
    <div className="wf-side-section">
      <label htmlFor={nameId}>Name</label> <input id={nameId} value={name} onChange={(event) => setName(event.target.value)} required />{' '}
      <label>
        Annotation <input value={annotation} onChange={(event) => setAnnotation(event.target.value)} />
      </label>
    </div>
  );
  return (
    <Page title="Create new workflow" actions={<Link to="/workflows">Workflows</Link>}>
      <WorkflowCanvasEditor initialSteps={[]} onSave={save} header={header} />
    </Page>
  );
}
