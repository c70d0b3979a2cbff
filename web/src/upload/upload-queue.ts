import { useCallback, useState } from 'react';
import { sendUpload, type UploadOutcome, type UploadRequest } from './send-upload';

export interface QueuedUpload {
  id: number;
  label: string;
  /** 0..1 of the request body sent. */
  progress: number;
  status: 'sending' | 'sent' | 'failed';
  error?: string;
  outcome?: UploadOutcome;
}

let nextId = 1;

/** Uploads under way and done, each with its progress; `start` sends one at once. */
export function useUploadQueue(onSent: (outcome: UploadOutcome) => void) {
  const [uploads, setUploads] = useState<QueuedUpload[]>([]);
  const change = (id: number, patch: Partial<QueuedUpload>) => setUploads((all) => all.map((upload) => (upload.id === id ? { ...upload, ...patch } : upload)));

  const start = useCallback(
    (request: UploadRequest) => {
      const id = nextId++;
      const label = request.source.kind === 'file' ? request.source.file.name : request.source.name || 'Pasted Entry';
      setUploads((all) => [...all, { id, label, progress: 0, status: 'sending' }]);
      sendUpload(request, (progress) => change(id, { progress })).done.then(
        (outcome) => {
          change(id, { status: 'sent', progress: 1, outcome });
          onSent(outcome);
        },
        (error: unknown) => change(id, { status: 'failed', error: error instanceof Error ? error.message : String(error) }),
      );
    },
    [onSent],
  );
  return { uploads, start };
}
