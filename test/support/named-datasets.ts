import type { TestPlatform } from './test-platform';
import { sql } from './job-helpers';

/**
 * Adds finished datasets of the given names (and datatype) to a history by the next hids, in two
 * set-based statements, each with a 12-byte file size; answers their encoded ids in the order given.
 * Their files are not written: what the history panel's operations read is the database.
 */
export async function seedNamedDatasets(h: TestPlatform, historyId: number, names: readonly string[], extension = 'txt'): Promise<string[]> {
  const rows = await sql<{ id: number }>(
    h,
    `with history_row as (select hid_counter from history where id = ?),
     made as (
       insert into dataset (create_time, update_time, state, file_size, uuid)
       select now(), now(), 'ok', 12, gen_random_uuid() from generate_series(1, ?) returning id),
     numbered as (select id, row_number() over (order by id) as n from made),
     names as (select name, n from unnest(?::text[]) with ordinality as t(name, n))
     insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, blurb, peek, extension, metadata)
     select now(), now(), ?, numbered.id, history_row.hid_counter + numbered.n - 1, names.name, '1 line', 'line of data', ?, '{}'::jsonb
     from numbered join names on names.n = numbered.n, history_row
     order by numbered.n
     returning id`,
    [historyId, names.length, `{${names.map((name) => `"${name.replace(/["\\]/g, '\\$&')}"`).join(',')}}`, historyId, extension],
  );
  await sql(h, 'update history set hid_counter = hid_counter + ? where id = ?', [names.length, historyId]);
  const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  return ids.map((id) => h.platform.services.ids.encode(id));
}
