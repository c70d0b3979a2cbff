import { type DragEvent, type ReactNode, useState } from 'react';
import { carriesDataset, type DraggedDataset, droppedDataset } from '../history/drag-item';

/**
 * Takes a dataset dragged from the history panel: a visible cue while one is over it, then either
 * `onAccept`, or the reason `refusal` gives shown under the field.
 */
export function DatasetDropTarget({ label, refusal, onAccept, children }: { label: string; refusal(dataset: DraggedDataset): string | null; onAccept(dataset: DraggedDataset): void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const enter = (event: DragEvent) => {
    if (!carriesDataset(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const drop = (event: DragEvent) => {
    setOver(false);
    const dataset = droppedDataset(event);
    if (!dataset) return;
    event.preventDefault();
    const reason = refusal(dataset);
    setRefused(reason);
    if (!reason) onAccept(dataset);
  };
  return (
    <div
      className={`dataset-drop-target${over ? ' drop-over' : ''}`}
      data-drop-target={label}
      onDragEnter={enter}
      onDragOver={enter}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={drop}
    >
      {children}
      {over && <p className="drop-cue">Drop the dataset here to use it as {label}</p>}
      {refused && (
        <p className="field-error" role="alert">
          {refused}
        </p>
      )}
    </div>
  );
}
