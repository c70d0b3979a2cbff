import { useEffect } from 'react';
import { useQuery } from 'urql';
import { graphql } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import type { QueuedUpload } from './upload-queue';
import { isFailure, SETTLED_STATES } from '../datasets/dataset-states';

const UploadedDatasetsQuery = graphql(`
  query UploadedDatasets($historyId: ID!, $ids: [ID!]) {
    historyContents(historyId: $historyId, ids: $ids) {
      id
      state
      miscInfo
    }
  }
`);

const FOLLOW_MS = 1000;

/**
 * One upload of the upload screen: its progress while its request is sent, then what became of its
 * datasets, followed until they settle: "sent" while the job runs, "failed" with the dataset's own
 * error when it ends in error (a URL that could not be fetched), never "sent" for an upload that failed.
 */
export function UploadRow({ upload }: { upload: QueuedUpload }) {
  const datasets = upload.outcome?.outputs.map((output) => output.dataset) ?? [];
  const historyId = datasets[0]?.historyId ?? '';
  const [result, refresh] = useQuery({
    query: UploadedDatasetsQuery,
    variables: { historyId, ids: datasets.map((dataset) => dataset.id) },
    pause: datasets.length === 0,
    requestPolicy: 'network-only',
  });
  const states = result.data?.historyContents ?? [];
  const settled = states.length === datasets.length && states.every((dataset) => SETTLED_STATES.has(dataset.state));
  useEffect(() => {
    if (datasets.length === 0 || settled) return undefined;
    const timer = setTimeout(() => refresh({ requestPolicy: 'network-only' }), FOLLOW_MS);
    return () => clearTimeout(timer);
  });
  const failed = states.filter((dataset) => isFailure(dataset.state));
  const status =
    upload.status === 'sending' ? `${Math.round(upload.progress * 100)}%` : upload.status === 'failed' || failed.length > 0 ? 'failed' : settled ? 'sent, ready' : 'sent';
  return (
    <li>
      <span>{upload.label}</span> <progress max={1} value={upload.progress} aria-label={`Upload of ${upload.label}`} /> <span role="status">{status}</span>
      {upload.error && <ErrorMessage error={upload.error} what={`Could not upload ${upload.label}`} />}
      {failed.map((dataset) => (
        <p key={dataset.id} role="alert" className="error">
          {upload.label}: {dataset.miscInfo || 'the upload ended in error.'}
        </p>
      ))}
    </li>
  );
}
