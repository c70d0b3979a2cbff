import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The time of the change itself: `now()` is the start of the transaction, which can precede a
 * history created (with the application's clock) earlier in the same transaction.
 */
const CHANGE_TIME = 'clock_timestamp()';

/**
 * Reserves `count` consecutive hids in a history and returns the first. The row update serialises
 * concurrent writers (two jobs finishing at once never share a hid).
 */
export async function allocateHids(em: EntityManager, historyId: number, count: number): Promise<number> {
  const rows = await em.execute<Array<{ first: number }>>(
    `update history set hid_counter = hid_counter + ?, update_time = ${CHANGE_TIME} where id = ? returning hid_counter - ? as first`,
    [count, historyId, count],
  );
  if (rows.length === 0) throw new Error(`history ${historyId} vanished while allocating hids`);
  return Number(rows[0].first);
}

/** Marks a history as changed (its exports become stale, most_recently_used moves it up). */
export async function touchHistory(em: EntityManager, historyId: number): Promise<void> {
  await em.execute(`update history set update_time = ${CHANGE_TIME} where id = ?`, [historyId]);
}
