import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useTargetHistory } from '../ui/use-target-history';
import { ImportLibraryDatasetMutation } from './library-documents';

/** Imports a library dataset into the current history, then says which hid it got there. */
export function ImportDatasetButton({ libraryDatasetId, name }: { libraryDatasetId: string; name: string }) {
  const [result, importDataset] = useMutation(ImportLibraryDatasetMutation);
  const { ensure } = useTargetHistory();
  const [failure, setFailure] = useState<string | null>(null);
  const imported = result.data?.copyDataset;
  const run = async () => {
    setFailure(null);
    try {
      const historyId = await ensure();
      await importDataset({ historyId, content: libraryDatasetId });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <>
      {/* The visible word begins the accessible name (axe: label-content-name-mismatch). */}
      <button type="button" onClick={run} disabled={result.fetching} aria-label={`Import ${name} into the current history`}>
        Import
      </button>
      {imported && (
        <span role="status">
          Imported as <Link to={`/histories/${imported.historyId}`}>{`${imported.hid}: ${imported.name}`}</Link>
        </span>
      )}
      <ErrorMessage error={result.error ?? failure} what="Could not import" />
    </>
  );
}
