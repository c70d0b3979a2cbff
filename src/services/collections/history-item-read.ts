import { readAccessIn } from '../datasets';
import { loadHdaViews } from '../datasets';
import type { HdaParts } from '../datasets';
import type { HistoryItemEvent } from '../histories';
import { loadHdcaViews } from './hdca-view';
import type { HistoryItem, HistoryItemsContext } from './history-items';

/**
 * The item a change of a history names, as it is now and as the caller may see it (a dataset they
 * may not read in its inaccessible form), once the history is found still readable (it may have been
 * unshared since): the history, then the item, one statement each. Null for an item gone since.
 */
export async function changedHistoryItem(ctx: HistoryItemsContext, encodedHistoryId: string, event: HistoryItemEvent, parts: HdaParts): Promise<HistoryItem | null> {
  const history = await ctx.services.histories.readable(ctx, encodedHistoryId);
  if (event.kind === 'collection') {
    const [view] = await loadHdcaViews(ctx, { historyIds: [event.historyId], ids: [event.id] });
    return view ? { kind: 'dataset_collection', view } : null;
  }
  const [view] = await loadHdaViews(ctx, { historyIds: [event.historyId], ids: [event.id], access: readAccessIn(ctx.caller, history) }, parts);
  return view ? { kind: 'dataset', view } : null;
}
