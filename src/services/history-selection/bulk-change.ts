import type { EntityManager } from '@mikro-orm/postgresql';
import { errors } from '../../errors/error-kinds';
import { purgeHdasInSet, stopCreatingJobs } from '../datasets';
import type { StoredDataset } from '../../storage/object-store';
import { idArray, type SelectedRows } from './selection';

/** What the history panel does to a selection, in the platform's words: Hide, Unhide, Delete, Undelete, Purge. */
export const SELECTION_OPERATIONS = ['hide', 'unhide', 'delete', 'undelete', 'purge'] as const;
export type SelectionOperation = (typeof SELECTION_OPERATIONS)[number];

export interface SelectionChange {
  /** Datasets and collections whose state changed (those already so are not counted). */
  datasets: number;
  collections: number;
  /** Jobs stopped because every output they were making got deleted. */
  stoppedJobs: number;
  /** Datasets whose files can go once the transaction committed (purge). */
  orphans: StoredDataset[];
}

/** The column change of an operation, and the rows it leaves alone (already changed; a purged dataset is not undeleted). */
const DATASET_CHANGES: Record<Exclude<SelectionOperation, 'purge'>, { set: string; where: string }> = {
  hide: { set: 'visible = false', where: 'visible' },
  unhide: { set: 'visible = true', where: 'not visible' },
  delete: { set: 'deleted = true', where: 'not deleted' },
  undelete: { set: 'deleted = false', where: 'deleted and not purged' },
};

/** Collections have no purge of their own in 15.05: purging a selection deletes its collections. */
const COLLECTION_CHANGES: Record<SelectionOperation, { set: string; where: string }> = {
  ...DATASET_CHANGES,
  purge: DATASET_CHANGES.delete,
};

export function checkedOperation(operation: string): SelectionOperation {
  if (!(SELECTION_OPERATIONS as readonly string[]).includes(operation)) throw errors.invalid(`Unknown operation: ${operation}; one of ${SELECTION_OPERATIONS.join(', ')}.`);
  return operation as SelectionOperation;
}

/**
 * Applies an operation to the selected rows of one history: one statement for the datasets and one
 * for the collections, whatever their number; deleting also stops, in one statement, the jobs still
 * making only deleted datasets (as deleting one does); purging marks the datasets' files to go.
 */
export async function changeSelectedRows(em: EntityManager, historyId: number, rows: SelectedRows, operation: SelectionOperation): Promise<SelectionChange> {
  let datasetIds: number[] = [];
  let orphans: StoredDataset[] = [];
  if (operation === 'purge') {
    ({ purged: datasetIds, orphans } = await purgeHdasInSet(em, historyId, rows.datasets));
  } else if (rows.datasets.length > 0) {
    const change = DATASET_CHANGES[operation];
    const changed = await em.execute<Array<{ id: number }>>(
      `update history_dataset_association set ${change.set}, update_time = now() where history_id = ? and id = any(?::int[]) and ${change.where} returning id`,
      [historyId, idArray(rows.datasets)],
    );
    datasetIds = changed.map((row) => Number(row.id));
  }
  let collections = 0;
  if (rows.collections.length > 0) {
    const change = COLLECTION_CHANGES[operation];
    const changed = await em.execute<Array<{ id: number }>>(
      `update history_dataset_collection_association set ${change.set}, update_time = now() where history_id = ? and id = any(?::int[]) and ${change.where} returning id`,
      [historyId, idArray(rows.collections)],
    );
    collections = changed.length;
  }
  const stopped = operation === 'delete' || operation === 'purge' ? await stopCreatingJobs(em, datasetIds) : [];
  return { datasets: datasetIds.length, collections, stoppedJobs: stopped.length, orphans };
}
