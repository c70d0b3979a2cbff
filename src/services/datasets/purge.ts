import type { EntityManager } from '@mikro-orm/postgresql';
import { Dataset } from '../../entities/dataset.entity';
import type { HistoryDatasetAssociation } from '../../entities/hda.entity';
import type { LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';
import type { ObjectStore } from '../../storage/object-store';

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
