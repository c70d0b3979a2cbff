import type { TestPlatform } from './test-platform';
import { sql } from './job-helpers';

/**
 * Adds `count` finished text datasets to a history in two set-based statements (datasets, then
 * their history datasets by the next hids), as a large history looks to listings: named
 * `dataset <hid>`, each a few bytes, state ok. Their files are not written (listings do not read them).
 */
export async function seedLargeHistory(h: TestPlatform, historyId: number, count: number): Promise<void> {
  await sql(
    h,
    `with history_row as (select hid_counter from history where id = ?),
     made as (
       insert into dataset (create_time, update_time, state, file_size, uuid)
       select now(), now(), 'ok', 12, gen_random_uuid() from generate_series(1, ?) returning id),
     numbered as (select id, row_number() over (order by id) as n from made)
     insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, blurb, peek, extension, metadata)
     select now(), now(), ?, numbered.id, history_row.hid_counter + numbered.n - 1, 'dataset ' || (history_row.hid_counter + numbered.n - 1), '1 line', 'line of data', 'txt', '{}'::jsonb
     from numbered, history_row`,
    [historyId, count, historyId],
  );
  await sql(h, 'update history set hid_counter = hid_counter + ? where id = ?', [count, historyId]);
  // The planner's statistics as autovacuum leaves them after such an insert: a test reading the history at
  // once would otherwise plan on a table it believes small (once both openings of 10,000 items took 7 s in CI).
  await sql(h, 'analyze history_dataset_association, dataset');
}
