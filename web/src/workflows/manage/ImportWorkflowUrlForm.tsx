import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { ImportWorkflowFromUrlMutation } from './manage-documents';

/** 15.05's "Import from URL": the server fetches the `.ga` file the address answers; the imported workflow opens. */
export function ImportWorkflowUrlForm() {
  const [url, setUrl] = useState('');
  const [result, importFromUrl] = useMutation(ImportWorkflowFromUrlMutation);
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const imported = (await importFromUrl({ url: url.trim() })).data?.importWorkflowFromUrl;
    if (imported) navigate(`/workflows/${imported.id}`);
  };
  return (
    <form className="inline-form panel" onSubmit={submit} aria-label="Import from URL">
      <label>
        Workflow URL
        <input type="url" required placeholder="https://…/workflow.ga" value={url} onChange={(event) => setUrl(event.target.value)} />
      </label>
      <button type="submit" disabled={!url.trim() || result.fetching}>
        Import from URL
      </button>
      <ErrorMessage error={result.error} what="Could not import the workflow" />
    </form>
  );
}
