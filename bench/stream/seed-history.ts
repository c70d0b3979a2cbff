/**
 * A new history named `$2`, of the owner of the history dataset `$3`, holding `$1` copies of that
 * dataset (one file listed `$1` times, by hid 1…$1): one statement, answering the new history's id
 * (`history_id`). Benchmarks seed big histories with it in seconds instead of hours of API calls.
 */
export const HISTORY_OF_COPIES = `
  with src as (select * from history_dataset_association where id = $3),
       h as (insert into history (create_time, update_time, user_id, name, hid_counter)
             select now(), now(), s.user_id, $2, $1 + 1 from history s where s.id = (select history_id from src)
             returning id),
       made as (insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, info, blurb, peek, extension, dbkey, metadata, visible, deleted, purged)
                select now(), now(), h.id, src.dataset_id, n, src.name, src.info, src.blurb, src.peek, src.extension, src.dbkey, src.metadata, true, false, false
                from h, src, generate_series(1, $1) n
                returning history_id)
  select history_id from made limit 1`;
