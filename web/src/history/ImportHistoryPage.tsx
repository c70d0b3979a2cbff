import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { useCurrentHistory } from './current-history';
import { HistoryImportProgressQuery, ImportHistoryArchiveMutation } from './history-archive-documents';
import { usePoll } from './use-poll';
import './history-archives.css';

/** A multipart request must say it is no cross-site form (the graph's CSRF guard). */
const UPLOAD_CONTEXT = { fetchOptions: { credentials: 'same-origin' as const, headers: { 'apollo-require-preflight': 'true' } } };

const STATE_WORDS: Record<string, string> = {
  queued: 'Queued: the import will start shortly…',
  running: 'Running: reading the archive and creating the history…',
  done: 'Done: opening the new history…',
  failed: 'The import failed.',
};

/**
 * `/histories/import`: 15.05's "Import from File" (an exported archive chosen on this computer) and
 * "Import from URL" (an archive's http(s) address). The import runs in the background; this screen
 * follows it and opens the new history, making it the current one.
 */
export function ImportHistoryPage() {
  const { viewer } = useViewer();
  const [importId, setImportId] = useState<string | null>(null);
  const [started, startImport] = useMutation(ImportHistoryArchiveMutation);
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [progress, reexecute] = useQuery({ query: HistoryImportProgressQuery, variables: { id: importId ?? '' }, pause: importId === null, requestPolicy: 'network-only' });
  const status = progress.data?.historyImport;
  const over = status?.state === 'done' || status?.state === 'failed';
  usePoll(importId !== null && !over && !progress.error, progress.fetching, reexecute);
  const { choose } = useCurrentHistory();
  const navigate = useNavigate();
  const newHistoryId = status?.state === 'done' ? status.historyId : null;
  useEffect(() => {
    if (!newHistoryId) return;
    choose(newHistoryId);
    navigate(`/histories/${newHistoryId}`);
  }, [newHistoryId, choose, navigate]);

  const begin = async (variables: { file: File } | { url: string }) => {
    setImportId(null);
    const outcome = await startImport(variables, 'file' in variables ? UPLOAD_CONTEXT : undefined);
    const id = outcome.data?.importHistoryArchive.id;
    if (id) setImportId(id);
  };
  const fromFile = (event: FormEvent) => {
    event.preventDefault();
    if (file) void begin({ file });
  };
  const fromUrl = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim()) void begin({ url: url.trim() });
  };
  const busy = started.fetching || (importId !== null && !over);

  if (!viewer?.user) {
    return (
      <Page title="Import a history">
        <p>
          <Link to="/login">Sign in</Link> to import a history.
        </p>
      </Page>
    );
  }
  return (
    <Page title="Import a history">
      <p>An archive made by "Export History to File", here or on another server, becomes a new history of yours.</p>
      <form className="panel import-history" onSubmit={fromFile} aria-labelledby="import-file-title">
        <h2 id="import-file-title">Import from File</h2>
        <label>
          History archive (.tar.gz or .tar)
          <input type="file" accept=".gz,.tgz,.tar,application/gzip,application/x-tar" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </label>
        <div className="actions">
          <button type="submit" disabled={!file || busy}>
            Import from File
          </button>
        </div>
      </form>
      <form className="panel import-history" onSubmit={fromUrl} aria-labelledby="import-url-title">
        <h2 id="import-url-title">Import from URL</h2>
        <label>
          Archive URL
          <input type="url" value={url} placeholder="https://…/history.tar.gz" onChange={(event) => setUrl(event.target.value)} />
        </label>
        <div className="actions">
          <button type="submit" disabled={!url.trim() || busy}>
            Import from URL
          </button>
        </div>
      </form>
      {importId !== null && (
        <p role="status" data-state={status?.state ?? 'queued'}>
          {status ? `${status.source}: ` : ''}
          {STATE_WORDS[status?.state ?? 'queued'] ?? status?.state}
        </p>
      )}
      <ErrorMessage error={started.error} what="Could not start the import" />
      <ErrorMessage error={status?.error ?? progress.error} what="Could not import the history" />
    </Page>
  );
}
