import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Recomputes a user's disk usage the platform's way: the sizes of the distinct, non-purged datasets
 * behind the user's non-purged history datasets. One statement, run after every change of size.
 */
export async function recalculateDiskUsage(em: EntityManager, userId: number): Promise<void> {
  await em.execute(
    `update galaxy_user set total_disk_usage = coalesce((
       select sum(d.file_size) from dataset d
       where not d.purged and d.id in (
         select hda.dataset_id from history_dataset_association hda
         join history h on h.id = hda.history_id
         where h.user_id = ? and not hda.purged)
     ), 0)
     where id = ?`,
    [userId, userId],
  );
}

/** Bytes of the distinct, non-purged datasets of one history (an anonymous caller's usage). */
export async function historyDiskSize(em: EntityManager, historyId: number): Promise<number> {
  const rows = await em.execute<Array<{ size: string | null }>>(
    `select sum(d.file_size) as size from dataset d
     where not d.purged and d.id in (
       select hda.dataset_id from history_dataset_association hda where hda.history_id = ? and not hda.purged)`,
    [historyId],
  );
  return Number(rows[0]?.size ?? 0);
}
