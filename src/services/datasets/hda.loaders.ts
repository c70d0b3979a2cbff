import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { type HdaView, loadHdaViews } from './hda-view';

/** Every dataset of each history (with its dataset row), by hid; one query per batch, no hydration. */
export const contentsByHistoryId: LoaderFactory<number, HdaView[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const hdas = await loadHdaViews(ctx, { historyIds: ids });
    const byHistory = new Map<number, HdaView[]>(ids.map((id) => [id, []]));
    for (const hda of hdas) byHistory.get(hda.history.id)?.push(hda);
    return ids.map((id) => byHistory.get(id) ?? []);
  });
