import type { EntityManager } from '@mikro-orm/postgresql';
import type { HistoryItemEvent } from './history-item-events';

/**
 * The items of a history changed at or after `since` (the item itself, its dataset's state, its
 * collection's population), as the events a subscriber would have received: what a subscription
 * asked to catch up from `since` hands over first, so that nothing changed between a client's read
 * of the history and the subscription's start is lost. One statement.
 */
export async function historyItemsChangedSince(em: EntityManager, historyId: number, since: Date): Promise<HistoryItemEvent[]> {
  const rows = await em.execute<Array<{ kind: 'dataset' | 'collection'; id: number }>>(
    `select 'dataset' as kind, hda.id from history_dataset_association hda join dataset d on d.id = hda.dataset_id
       where hda.history_id = ? and (hda.update_time >= ? or d.update_time >= ?)
     union all
     select 'collection' as kind, hdca.id from history_dataset_collection_association hdca join dataset_collection dc on dc.id = hdca.collection_id
       where hdca.history_id = ? and (hdca.update_time >= ? or dc.update_time >= ?)
     order by 2`,
    [historyId, since, since, historyId, since, since],
  );
  return rows.map((row) => ({ historyId, kind: row.kind, id: Number(row.id) }));
}

/** The events caught up, then the live ones; ending it ends the live ones too. */
export async function* withCatchUp(missed: HistoryItemEvent[], live: AsyncIterableIterator<HistoryItemEvent>): AsyncGenerator<HistoryItemEvent, void, undefined> {
  try {
    for (const event of missed) yield event;
    yield* live;
  } finally {
    await live.return?.();
  }
}
