import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { HistoryDatasetAssociation } from '../../entities/hda.entity';

/** Every dataset of each history (with its dataset row), by hid; one query per batch. */
export const contentsByHistoryId: LoaderFactory<number, HistoryDatasetAssociation[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const hdas = await ctx.em.find(HistoryDatasetAssociation, { history: { $in: [...ids] } }, { populate: ['dataset'], orderBy: { history: 'asc', hid: 'asc' } });
    const byHistory = new Map<number, HistoryDatasetAssociation[]>(ids.map((id) => [id, []]));
    for (const hda of hdas) byHistory.get(hda.history.id)?.push(hda);
    return ids.map((id) => byHistory.get(id) ?? []);
  });
