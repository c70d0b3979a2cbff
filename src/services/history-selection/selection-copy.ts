import type { EntityManager } from '@mikro-orm/postgresql';
import { allocateHids, datasetAccessibleProbe } from '../datasets';
import { heldRolesCte } from '../permissions';
import { idArray, type SelectedRows } from './selection';

/** Who copies: one who may change the source history (everything), or a reader who holds the datasets' access roles. */
export type SelectionReader = { access: 'all' } | { access: 'roles'; userId: number | null };

/**
 * Copies the selected datasets and collections into another history in one statement, after one
 * more that takes their hids: the copies take consecutive hids in the order of the selection (by
 * hid), datasets share their files (new associations), collections share their elements (as "Copy
 * Datasets" and the REST copy of a collection do). Datasets the reader may not read are left behind.
 * Answers how many of each were copied.
 */
export async function copySelectedRows(em: EntityManager, rows: SelectedRows, targetHistoryId: number, reader: SelectionReader): Promise<{ datasets: number; collections: number }> {
  const total = rows.datasets.length + rows.collections.length;
  if (total === 0) return { datasets: 0, collections: 0 };
  const held = reader.access === 'roles' ? { cte: `${heldRolesCte('?')}, `, filter: `and ${datasetAccessibleProbe('s.dataset_id')}`, bindings: [reader.userId, reader.userId] } : null;
  const firstHid = await allocateHids(em, targetHistoryId, total);
  const [counts] = await em.execute<Array<{ datasets: string; collections: string }>>(
    `with ${held?.cte ?? ''}picked as (
       select 0 as kind, s.id, s.hid from history_dataset_association s where s.id = any(?::int[]) ${held?.filter ?? ''}
       union all
       select 1 as kind, s.id, s.hid from history_dataset_collection_association s where s.id = any(?::int[])),
     numbered as (select kind, id, ?::int + row_number() over (order by hid, kind, id) - 1 as new_hid from picked),
     datasets as (
       insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, info, blurb, peek, extension, dbkey, metadata,
         visible, annotation, tool_version, copied_from_hda_id)
       select now(), now(), ?::int, s.dataset_id, n.new_hid, s.name, s.info, s.blurb, s.peek, s.extension, s.dbkey, s.metadata,
         s.visible, s.annotation, s.tool_version, s.id
       from numbered n join history_dataset_association s on s.id = n.id where n.kind = 0 order by n.new_hid
       returning id),
     collections as (
       insert into history_dataset_collection_association (create_time, update_time, history_id, collection_id, hid, name, visible, deleted, copied_from_id)
       select now(), now(), ?::int, s.collection_id, n.new_hid, s.name, s.visible, false, s.id
       from numbered n join history_dataset_collection_association s on s.id = n.id where n.kind = 1 order by n.new_hid
       returning id)
     select (select count(*) from datasets) as datasets, (select count(*) from collections) as collections`,
    [...(held?.bindings ?? []), idArray(rows.datasets), idArray(rows.collections), firstHid, targetHistoryId, targetHistoryId],
  );
  return { datasets: Number(counts.datasets), collections: Number(counts.collections) };
}
