import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { type ElementView, loadElementTrees } from './collection-elements';
import { type HdcaView, loadHdcaViews, loadHdcaViewsByIds } from './hdca-view';

/**
 * Elements by collection id. One batch reads the whole trees below the requested collections, and
 * primes the nested collections' elements too, so a nested collection costs no further query.
 */
export const elementsByCollectionId: LoaderFactory<number, ElementView[]> = (ctx) => {
  const loader: DataLoader<number, ElementView[]> = new DataLoader(async (ids) => {
    const trees = await loadElementTrees(ctx, ids);
    for (const [id, elements] of trees) if (!ids.includes(id)) loader.prime(id, elements);
    return ids.map((id) => trees.get(id) ?? []);
  });
  return loader;
};

/** Every collection of each history, by hid; one query per batch. */
export const collectionsByHistoryId: LoaderFactory<number, HdcaView[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const hdcas = await loadHdcaViews(ctx, { historyIds: ids });
    const byHistory = new Map<number, HdcaView[]>(ids.map((id) => [id, []]));
    for (const hdca of hdcas) byHistory.get(hdca.history.id)?.push(hdca);
    return ids.map((id) => byHistory.get(id) ?? []);
  });

/** Collections by HDCA id (null: none such), one statement per batch; what reads them already answers for access (a run's outputs). */
export const hdcaViewById: LoaderFactory<number, HdcaView | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const found = new Map((await loadHdcaViewsByIds(ctx, ids)).map((view) => [view.id, view]));
    return ids.map((id) => found.get(id) ?? null);
  });
