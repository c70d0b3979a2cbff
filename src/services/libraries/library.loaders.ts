import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';
import { LibraryFolder } from '../../entities/library-folder.entity';
import { LibraryTree } from './library-tree';

/** Each library's tree with the caller's access, once per request (the libraries of a listing together). */
export const libraryTreeById: LoaderFactory<number, LibraryTree> = (ctx) => new DataLoader(async (ids) => LibraryTree.loadMany(ctx, ids));

export const folderById: LoaderFactory<number, LibraryFolder | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const folders = await ctx.em.find(LibraryFolder, { id: { $in: [...ids] } }, { populate: ['library'] });
    const byId = new Map(folders.map((folder) => [folder.id, folder]));
    return ids.map((id) => byId.get(id) ?? null);
  });

/** The current version of each library dataset (with its dataset and library dataset). */
export const currentVersionByLibraryDatasetId: LoaderFactory<number, LibraryDatasetDatasetAssociation | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const versions = await ctx.em.find(
      LibraryDatasetDatasetAssociation,
      { libraryDataset: { id: { $in: [...ids] } } },
      { populate: ['dataset', 'libraryDataset', 'libraryDataset.folder', 'user'] },
    );
    const current = new Map(versions.filter((v) => v.libraryDataset.ldda?.id === v.id).map((v) => [v.libraryDataset.id, v]));
    return ids.map((id) => current.get(id) ?? null);
  });

/** The expired versions (id, name; newest first) of each library dataset, in one query. */
export const expiredVersionsByLibraryDatasetId: LoaderFactory<number, Array<{ id: number; name: string }>> = (ctx) =>
  new DataLoader(async (ids) => {
    const rows = await ctx.em.execute<Array<{ id: number; name: string; library_dataset_id: number }>>(
      `select v.id, v.name, v.library_dataset_id from library_dataset_dataset_association v
       join library_dataset ld on ld.id = v.library_dataset_id
       where v.library_dataset_id = any(?::int[]) and v.id <> ld.ldda_id order by v.id desc`,
      [`{${ids.join(',')}}`],
    );
    const byDataset = new Map<number, Array<{ id: number; name: string }>>(ids.map((id) => [id, []]));
    for (const row of rows) byDataset.get(Number(row.library_dataset_id))?.push({ id: Number(row.id), name: row.name });
    return ids.map((id) => byDataset.get(id) ?? []);
  });

/** Whether each dataset is public (no access roles), in one query. */
export const unrestrictedByDatasetId: LoaderFactory<number, boolean> = (ctx) =>
  new DataLoader(async (ids) => {
    const rows = await ctx.em.execute<Array<{ item_id: number }>>(
      "select distinct item_id from item_permission where item_type = 'dataset' and action = ? and item_id = any(?::int[])",
      [PERMISSION_ACTIONS.datasetAccess, `{${ids.join(',')}}`],
    );
    const restricted = new Set(rows.map((row) => Number(row.item_id)));
    return ids.map((id) => !restricted.has(id));
  });
