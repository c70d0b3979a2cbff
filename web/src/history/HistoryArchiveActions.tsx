import { useState } from 'react';
import { CopyHistoryForm } from './CopyHistoryForm';
import { ExportHistoryPanel } from './ExportHistoryPanel';
import './history-archives.css';

/** The history panel's "Copy history" and "Export History to File" (for its owner), each opening its form below. */
export function HistoryArchiveActions({ history }: { history: { id: string; name: string } }) {
  const [open, setOpen] = useState<'copy' | 'export' | null>(null);
  return (
    <>
      <button type="button" aria-expanded={open === 'copy'} onClick={() => setOpen(open === 'copy' ? null : 'copy')}>
        Copy history
      </button>
      <button type="button" aria-expanded={open === 'export'} onClick={() => setOpen(open === 'export' ? null : 'export')}>
        Export History to File
      </button>
      {open && (
        <div className="history-archive-form">
          {open === 'copy' ? (
            <CopyHistoryForm history={history} onCancel={() => setOpen(null)} />
          ) : (
            <ExportHistoryPanel historyId={history.id} name={history.name} onClose={() => setOpen(null)} />
          )}
        </div>
      )}
    </>
  );
}
