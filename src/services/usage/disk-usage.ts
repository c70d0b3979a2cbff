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

/**
 * Adds the sizes of datasets that just got their files (a job's outputs) to their owner's usage,
 * without recounting the rest: what `recalculateDiskUsage` would find, as these datasets had no size
 * before. Each counts once, and only while a non-purged dataset of the user's histories holds it.
 */
export async function addToDiskUsage(em: EntityManager, userId: number, datasetIds: readonly number[]): Promise<void> {
  if (datasetIds.length === 0) return;
  await em.execute(
    `update galaxy_user set total_disk_usage = coalesce(total_disk_usage, 0) + coalesce((
       select sum(d.file_size) from dataset d
       where d.id = any(?::int[]) and not d.purged and exists (
         select 1 from history_dataset_association hda
         join history h on h.id = hda.history_id
         where hda.dataset_id = d.id and h.user_id = ? and not hda.purged)
     ), 0)
     where id = ?`,
    [`{${datasetIds.join(',')}}`, userId, userId],
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
