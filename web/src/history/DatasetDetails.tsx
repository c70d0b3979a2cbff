import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { NO_PERMISSION } from '../ui/no-permission';
import { RenameForm } from '../ui/RenameForm';
import { AnnotationEditor } from './AnnotationEditor';
import { DeleteDatasetMutation, downloadUrl, UpdateDatasetMutation } from './dataset-mutations';
import { DatatypeChanger } from './DatatypeChanger';
import { PurgeButton } from './PurgeButton';
import { TagChips, TagEditor } from './TagEditor';
import type { HistoryDatasetItem } from './useHistoryItems';
import { peekLines } from '../datasets/peek-lines';
import { DatasetError } from './DatasetError';
import { FAILED_STATES, hasNothingToDownload } from '../datasets/dataset-states';
import { PeekTable } from './PeekTable';
import { DatasetJobLinks } from '../jobs/DatasetJobLinks';

/**
 * The open part of a dataset's line: its facts, tags, annotation and peek, and what its owner may do
 * (rename, change the datatype, hide, delete, undelete, purge). `editable`: the caller may change it.
 * A dataset the caller may not read shows its state and why nothing else: no peek, download or view.
 */
export function DatasetDetails({ dataset, editable, id }: { dataset: HistoryDatasetItem; editable: boolean; id: string }) {
  if (!dataset.accessible) {
    return (
      <div id={id} className="item-details">
        <p className="muted">
          state <strong>{dataset.state}</strong>
        </p>
        <p className="notice-inaccessible">{NO_PERMISSION}</p>
      </div>
    );
  }
  return <ReadableDatasetDetails dataset={dataset} editable={editable} id={id} />;
}

function ReadableDatasetDetails({ dataset, editable, id }: { dataset: HistoryDatasetItem; editable: boolean; id: string }) {
  const [editing, setEditing] = useState<'name' | 'datatype' | null>(null);
  const [updated, updateDataset] = useMutation(UpdateDatasetMutation);
  const [deleted, deleteDataset] = useMutation(DeleteDatasetMutation);
  const target = { historyId: dataset.historyId, id: dataset.id };
  const label = `${dataset.hid}: ${dataset.name}`;
  const change = async (changes: Record<string, unknown>) => (await updateDataset({ ...target, changes })).error;
  const failed = FAILED_STATES.has(dataset.state);
  // An upload or a job that failed before writing anything leaves nothing to download.
  const emptyFailure = hasNothingToDownload(dataset);

  return (
    <div id={id} className="item-details">
      {editable && editing === 'name' && (
        <RenameForm
          label="Dataset name"
          name={dataset.name}
          onCancel={() => setEditing(null)}
          onRename={async (name) => {
            if (!(await change({ name }))) setEditing(null);
          }}
        />
      )}
      {editable && editing === 'datatype' && <DatatypeChanger dataset={dataset} label={label} onDone={() => setEditing(null)} />}
      <p className="muted">
        {dataset.miscBlurb && `${dataset.miscBlurb} · `}format <strong data-testid="extension">{dataset.extension}</strong> · database <strong>{dataset.genomeBuild}</strong> · state{' '}
        <strong>{dataset.state}</strong>
      </p>
      {dataset.purged && <p className="notice-purged">Purged: its file is removed from the disk, and it cannot be undeleted.</p>}
      {failed ? <DatasetError dataset={dataset} /> : dataset.miscInfo && <p className="muted">{dataset.miscInfo}</p>}
      {editable && !dataset.purged ? (
        <TagEditor tags={dataset.tags} owner={`dataset ${label}`} onSave={(tags) => change({ tags })} />
      ) : (
        <TagChips tags={dataset.tags} label={`Tags of dataset ${label}`} />
      )}
      <AnnotationEditor annotation={dataset.annotation} owner={`dataset ${label}`} onSave={editable && !dataset.purged ? (annotation) => change({ annotation }) : undefined} />
      {dataset.peek &&
        (dataset.columnDelimiter ? (
          <PeekTable datasetId={dataset.id} peek={dataset.peek} delimiter={dataset.columnDelimiter} />
        ) : (
          <pre className="peek" aria-label="Peek">
            {peekLines(dataset.peek).join('\n')}
          </pre>
        ))}
      <div className="actions">
        <Link to={`/datasets/${dataset.id}`}>Display data</Link>
        {editable && !dataset.purged && <Link to={`/datasets/${dataset.id}/edit`}>Edit attributes</Link>}
        <DatasetJobLinks datasetId={dataset.id} />
        {!dataset.purged && !emptyFailure && (
          <a href={downloadUrl(dataset.id, dataset.extension)} download>
            Download
          </a>
        )}
        {dataset.columnDelimiter && !dataset.purged && !failed && <Link to={`/visualizations/new?dataset=${encodeURIComponent(dataset.id)}`}>Visualize</Link>}
        {editable && <DatasetChanges dataset={dataset} onEdit={setEditing} onChange={change} onDelete={() => deleteDataset(target)} />}
      </div>
      {editable && dataset.deleted && !dataset.purged && <PurgeButton what={`dataset ${label}`} onPurge={async () => (await deleteDataset({ ...target, purge: true })).error} />}
      <ErrorMessage error={updated.error ?? deleted.error} />
    </div>
  );
}

/** What whoever may change the dataset's history is offered: rename, change the datatype, hide or unhide, delete or undelete. */
function DatasetChanges({
  dataset,
  onEdit,
  onChange,
  onDelete,
}: {
  dataset: HistoryDatasetItem;
  onEdit(what: 'name' | 'datatype'): void;
  onChange(changes: Record<string, unknown>): unknown;
  onDelete(): unknown;
}) {
  return (
    <>
      <button type="button" onClick={() => onEdit('name')}>
        Rename
      </button>
      {!dataset.purged && (
        <button type="button" onClick={() => onEdit('datatype')}>
          Change datatype
        </button>
      )}
      <button type="button" onClick={() => onChange({ visible: !dataset.visible })}>
        {dataset.visible ? 'Hide' : 'Unhide'}
      </button>
      {dataset.deleted ? (
        !dataset.purged && (
          <button type="button" onClick={() => onChange({ deleted: false })}>
            Undelete
          </button>
        )
      ) : (
        <button type="button" onClick={onDelete}>
          Delete
        </button>
      )}
    </>
  );
}
