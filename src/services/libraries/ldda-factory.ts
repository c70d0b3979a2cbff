import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Dataset, type DatasetState } from '../../entities/dataset.entity';
import type { DatasetMetadata } from '../../entities/hda.entity';
import { ItemPermission, PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { LibraryDataset, LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';
import type { LibraryFolder } from '../../entities/library-folder.entity';
import type { Role } from '../../entities/role.entity';
import type { User } from '../../entities/user.entity';

export interface NewLddaFields {
  name: string;
  extension?: string;
  dbkey?: string;
  info?: string | null;
  blurb?: string | null;
  peek?: string | null;
  metadata?: DatasetMetadata;
  message?: string | null;
  user: User | null;
  /** Share an existing dataset (a copy), or make a new one in this state. */
  dataset?: Dataset;
  state?: DatasetState;
  copiedFromHdaId?: number | null;
}

/**
 * Creates a library dataset with its first version in a folder. The library dataset takes the
 * folder's modify roles; a new dataset is managed by its uploader's private role (the platform's
 * default permissions) and starts public.
 */
export async function createLibraryDataset(em: EntityManager, folder: LibraryFolder, fields: NewLddaFields, uploaderPrivateRole: Role | null): Promise<{ ld: LibraryDataset; ldda: LibraryDatasetDatasetAssociation }> {
  const [created] = await createLibraryDatasets(em, folder, [fields], uploaderPrivateRole);
  return created;
}

/**
 * Many library datasets in one folder at once (`createLibraryDataset` for each, in order): one flush
 * writes the datasets and versions (multi-row inserts), one statement reads the folder's modify
 * roles, one flush writes the links and grants.
 */
export async function createLibraryDatasets(
  em: EntityManager,
  folder: LibraryFolder,
  items: readonly NewLddaFields[],
  uploaderPrivateRole: Role | null,
): Promise<Array<{ ld: LibraryDataset; ldda: LibraryDatasetDatasetAssociation }>> {
  if (items.length === 0) return [];
  const created = items.map((fields) => {
    const dataset = fields.dataset ?? em.create(Dataset, { state: fields.state ?? 'queued', uuid: randomUUID() });
    const ld = em.create(LibraryDataset, { folder, name: fields.name, info: fields.info ?? null });
    const ldda = em.create(LibraryDatasetDatasetAssociation, {
      libraryDataset: ld,
      dataset,
      user: fields.user,
      name: fields.name,
      extension: fields.extension ?? 'data',
      dbkey: fields.dbkey ?? '?',
      info: fields.info ?? null,
      blurb: fields.blurb ?? null,
      peek: fields.peek ?? null,
      metadata: fields.metadata ?? {},
      message: fields.message ?? null,
      copiedFromHdaId: fields.copiedFromHdaId ?? null,
    });
    return { ld, ldda, fields };
  });
  await em.flush();
  const folderModify = await em.find(ItemPermission, { itemType: 'folder', itemId: folder.id, action: PERMISSION_ACTIONS.libraryModify });
  for (const { ld, ldda, fields } of created) {
    ld.ldda = ldda;
    for (const grant of folderModify) em.create(ItemPermission, { itemType: 'library_dataset', itemId: ld.id, action: PERMISSION_ACTIONS.libraryModify, role: grant.role });
    if (!fields.dataset && uploaderPrivateRole) {
      em.create(ItemPermission, { itemType: 'dataset', itemId: ldda.dataset.id, action: PERMISSION_ACTIONS.datasetManage, role: uploaderPrivateRole });
    }
  }
  await em.flush();
  return created.map(({ ld, ldda }) => ({ ld, ldda }));
}
