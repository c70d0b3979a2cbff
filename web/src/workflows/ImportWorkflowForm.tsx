import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ImportWorkflowMutation } from './workflow-documents';

/** Reads a `.ga` file and imports it; the imported workflow opens. */
export function ImportWorkflowForm() {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, importWorkflow] = useMutation(ImportWorkflowMutation);
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!file) return;
    let workflow: unknown;
    try {
      workflow = JSON.parse(await file.text());
    } catch {
      setProblem(`${file.name} is not a workflow file (.ga files are JSON).`);
      return;
    }
    const outcome = await importWorkflow({ workflow });
    const imported = outcome.data?.importWorkflow;
    if (imported) navigate(`/workflows/${imported.id}`);
  };
  return (
    <form className="inline-form panel" onSubmit={submit} aria-label="Import a workflow">
      <label>
        Workflow file (.ga)
        <input type="file" accept=".ga,application/json" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </label>
      <button type="submit" disabled={!file || result.fetching}>
        Import workflow
      </button>
      <ErrorMessage error={result.error ?? problem} what="Could not import the workflow" />
    </form>
  );
}
