import type { DragEvent } from 'react';

/** The drag data type of a history dataset dragged from the history panel (onto a tool form's data input). */
export const DATASET_DRAG_TYPE = 'application/x-history-dataset+json';

export interface DraggedDataset {
  id: string;
  hid: number;
  name: string;
  extension: string;
  historyId: string;
}

/** The `onDragStart` of a dataset's line: the dataset goes along as JSON (and as "hid: name" text). */
export function datasetDragStart(dataset: DraggedDataset) {
  return (event: DragEvent) => {
    const { id, hid, name, extension, historyId } = dataset;
    event.dataTransfer.setData(DATASET_DRAG_TYPE, JSON.stringify({ id, hid, name, extension, historyId }));
    event.dataTransfer.setData('text/plain', `${hid}: ${name}`);
    event.dataTransfer.effectAllowed = 'copy';
  };
}

/** Whether a drag carries a history dataset (its data can only be read on drop). */
export const carriesDataset = (event: DragEvent) => Array.from(event.dataTransfer.types).includes(DATASET_DRAG_TYPE);

/** The dataset a drop carries, or null (another kind of drag, or malformed data). */
export function droppedDataset(event: DragEvent): DraggedDataset | null {
  const text = event.dataTransfer.getData(DATASET_DRAG_TYPE);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<DraggedDataset>;
    if (typeof value.id !== 'string' || typeof value.hid !== 'number' || typeof value.name !== 'string' || typeof value.extension !== 'string' || typeof value.historyId !== 'string') return null;
    return { id: value.id, hid: value.hid, name: value.name, extension: value.extension, historyId: value.historyId };
  } catch {
    return null;
  }
}
