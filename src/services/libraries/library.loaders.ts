import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
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
