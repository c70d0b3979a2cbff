import type { EntityManager } from '@mikro-orm/postgresql';
import { Dataset } from '../../entities/dataset.entity';
import type { HistoryDatasetAssociation } from '../../entities/hda.entity';
import type { LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';
import type { ObjectStore, StoredDataset } from '../../storage/object-store';

/**
 * Purges history datasets inside the caller's transaction and returns the datasets whose files can
 * go: those that no other non-purged history or library dataset still uses. Remove the files only
 * after the transaction commits (`removeFiles`), so a rollback never loses data.
 */
export async function purgeHdas(em: EntityManager, hdas: HistoryDatasetAssociation[]): Promise<Dataset[]> {
  return purgeAssociations(em, hdas);
}

/** The same for library dataset versions (a purged library dataset): returns the datasets whose files can go. */
export async function purgeLddas(em: EntityManager, lddas: LibraryDatasetDatasetAssociation[]): Promise<Dataset[]> {
  return purgeAssociations(em, lddas);
}

async function purgeAssociations(em: EntityManager, items: Array<HistoryDatasetAssociation | LibraryDatasetDatasetAssociation>): Promise<Dataset[]> {
  if (items.length === 0) return [];
  for (const item of items) {
    item.deleted = true;
    item.purged = true;
  }
  await em.flush();
  const datasetIds = [...new Set(items.map((item) => item.dataset.id))];
  const marks = datasetIds.map(() => '?').join(',');
  const stillUsed = await em.execute<Array<{ dataset_id: number }>>(
    `select dataset_id from history_dataset_association where dataset_id in (${marks}) and not purged
     union select dataset_id from library_dataset_dataset_association where dataset_id in (${marks}) and not purged`,
    [...datasetIds, ...datasetIds],
  );
  const used = new Set(stillUsed.map((row) => row.dataset_id));
  const orphans = await em.find(Dataset, { id: { $in: datasetIds.filter((id) => !used.has(id)) }, purgable: true });
  for (const dataset of orphans) {
    dataset.deleted = true;
    dataset.purged = true;
  }
  await em.flush();
  return orphans;
}

export async function removeFiles(store: ObjectStore, datasets: Dataset[]): Promise<void> {
  for (const dataset of datasets) await store.remove(dataset);
}

/**
 * Set-based purge of many history datasets of one history (a selection): marks them purged in one
 * statement and their datasets that nothing else still uses in one more. Returns how many history
 * datasets were purged and the datasets whose files can go (remove them after the commit).
 */
export async function purgeHdasInSet(em: EntityManager, historyId: number, hdaIds: readonly number[]): Promise<{ purged: number[]; orphans: StoredDataset[] }> {
  if (hdaIds.length === 0) return { purged: [], orphans: [] };
  const rows = await em.execute<Array<{ id: number; dataset_id: number }>>(
    `update history_dataset_association set deleted = true, purged = true, update_time = now()
     where history_id = ? and id = any(?::int[]) and not purged returning id, dataset_id`,
    [historyId, `{${hdaIds.join(',')}}`],
  );
  const datasetIds = [...new Set(rows.map((row) => Number(row.dataset_id)))];
  if (datasetIds.length === 0) return { purged: [], orphans: [] };
  const orphans = await em.execute<Array<{ id: number; external_filename: string | null; file_root: string | null; extra_files_path: string | null }>>(
    `update dataset d set deleted = true, purged = true, update_time = now()
     where d.id = any(?::int[]) and d.purgable
       and not exists (select 1 from history_dataset_association o where o.dataset_id = d.id and not o.purged)
       and not exists (select 1 from library_dataset_dataset_association l where l.dataset_id = d.id and not l.purged)
     returning d.id, d.external_filename, d.file_root, d.extra_files_path`,
    [`{${datasetIds.join(',')}}`],
  );
  return {
    purged: rows.map((row) => Number(row.id)),
    orphans: orphans.map((row) => ({ id: Number(row.id), externalFilename: row.external_filename, fileRoot: row.file_root, extraFilesPath: row.extra_files_path })),
  };
}

/** Removes the files of datasets purged by `purgeHdasInSet` (after its transaction committed). */
export async function removeStoredFiles(store: ObjectStore, datasets: readonly StoredDataset[]): Promise<void> {
  for (const dataset of datasets) await store.remove(dataset);
}
