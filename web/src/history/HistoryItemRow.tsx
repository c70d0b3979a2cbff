import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { RenameForm } from '../ui/RenameForm';
import { DeleteDatasetMutation, downloadUrl, UpdateDatasetMutation } from './dataset-mutations';
import type { HistoryDatasetItem, HistoryItem } from './useHistoryItems';

/** One line of the history panel: a dataset (expandable) or a collection. */
export function HistoryItemRow({ item }: { item: HistoryItem }) {
  if (item.__typename === 'HistoryContent') return <DatasetRow dataset={item} />;
  return (
    <div className={`item collection${item.deleted ? ' deleted' : ''}`}>
      <div className="item-title">
        <span className="hid">{item.hid}:</span> {item.name}{' '}
        <span className="muted">
          ({item.collectionType}, {item.elementCount} {item.elementCount === 1 ? 'element' : 'elements'})
        </span>
      </div>
    </div>
  );
}

function DatasetRow({ dataset }: { dataset: HistoryDatasetItem }) {
  const [expanded, setExpanded] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [updated, updateDataset] = useMutation(UpdateDatasetMutation);
  const [deleted, deleteDataset] = useMutation(DeleteDatasetMutation);
  const target = { historyId: dataset.historyId, id: dataset.id };
  const detailsId = `dataset-${dataset.id}-details`;
  const flags = [dataset.deleted && 'deleted', !dataset.visible && 'hidden'].filter(Boolean).join(', ');

  return (
    <div className={`item dataset state-${dataset.state}${dataset.deleted ? ' deleted' : ''}`} data-state={dataset.state} data-hid={dataset.hid}>
      <button type="button" className="item-title" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded(!expanded)}>
        <span className="hid">{dataset.hid}:</span> {dataset.name}
        <span className="visually-hidden">, state {dataset.state}</span>
        {flags && <span className="muted"> ({flags})</span>}
      </button>
      {expanded && (
        <div id={detailsId} className="item-details">
          {renaming ? (
            <RenameForm
              label="Dataset name"
              name={dataset.name}
              onCancel={() => setRenaming(false)}
              onRename={async (name) => {
                const outcome = await updateDataset({ ...target, changes: { name } });
                if (!outcome.error) setRenaming(false);
              }}
            />
          ) : null}
          <p className="muted">
            {dataset.misc_blurb && `${dataset.misc_blurb} · `}format <strong>{dataset.extension}</strong> · database <strong>{dataset.genomeBuild}</strong> · state{' '}
            <strong>{dataset.state}</strong>
          </p>
          {dataset.misc_info && <p className="muted">{dataset.misc_info}</p>}
          {dataset.peek && (
            <pre className="peek" aria-label="Peek">
              {dataset.peek}
            </pre>
          )}
          <div className="actions">
            <Link to={`/datasets/${dataset.id}`}>Details</Link>
            {!dataset.purged && (
              <a href={downloadUrl(dataset.id, dataset.extension)} download>
                Download
              </a>
            )}
            <button type="button" onClick={() => setRenaming(true)}>
              Rename
            </button>
            <button type="button" onClick={() => updateDataset({ ...target, changes: { visible: !dataset.visible } })}>
              {dataset.visible ? 'Hide' : 'Unhide'}
            </button>
            {dataset.deleted ? (
              !dataset.purged && (
                <button type="button" onClick={() => updateDataset({ ...target, changes: { deleted: false } })}>
                  Undelete
                </button>
              )
            ) : (
              <button type="button" onClick={() => deleteDataset(target)}>
                Delete
              </button>
            )}
          </div>
          <ErrorMessage error={updated.error ?? deleted.error} />
        </div>
      )}
    </div>
  );
}
