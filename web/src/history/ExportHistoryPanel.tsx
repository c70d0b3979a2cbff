import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatSize } from '../ui/format-size';
import { ExportHistoryMutation, HistoryExportProgressQuery } from './history-archive-documents';
import { usePoll } from './use-poll';

const STATE_WORDS: Record<string, string> = {
  queued: 'Queued: the archive will be prepared shortly…',
  running: 'Running: the archive is being written…',
  ok: 'Done: the archive is ready.',
  error: 'The export failed.',
};

/**
 * "Export History to File": starts the export (or finds the ready, up-to-date one), follows its state
 * (queued, running, done) by asking again each second, then offers the archive's download.
 */
export function ExportHistoryPanel({ historyId, name, onClose }: { historyId: string; name: string; onClose(): void }) {
  const [started, startExport] = useMutation(ExportHistoryMutation);
  const [exportId, setExportId] = useState<string | null>(null);
  const [progress, reexecute] = useQuery({ query: HistoryExportProgressQuery, variables: { historyId, exportId: exportId ?? '' }, pause: exportId === null, requestPolicy: 'network-only' });
  const status = progress.data?.historyExport;
  const over = status?.state === 'ok' || status?.state === 'error';
  usePoll(exportId !== null && !over && !progress.error, progress.fetching, reexecute);
  const start = async () => {
    const outcome = await startExport({ id: historyId });
    const id = outcome.data?.exportHistory.exportId;
    if (id) setExportId(id);
  };
  return (
    <section className="panel export-history" aria-label={`Export ${name} to a file`}>
      <h2>Export History to File</h2>
      <p>An archive of the history's datasets (not deleted, not hidden) and their attributes, which this or another server can import.</p>
      {exportId === null ? (
        <button type="button" onClick={start} disabled={started.fetching}>
          Start the export
        </button>
      ) : (
        <p role="status" data-state={status?.state ?? 'queued'}>
          {STATE_WORDS[status?.state ?? 'queued'] ?? status?.state}
          {status?.fileSize != null && ` (${formatSize(status.fileSize)})`}
        </p>
      )}
      {status?.downloadUrl && (
        <p>
          <a href={status.downloadUrl} download>
            Download the history archive
          </a>
        </p>
      )}
      <ErrorMessage error={status?.error ?? progress.error ?? started.error} what="Could not export the history" />
      <button type="button" className="link-button" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
