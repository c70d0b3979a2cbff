import { Client } from 'pg';
import { IdCodec } from '../../src/ids/id-codec';
import { ApiClient } from '../ratio/api-client';
import { BIG_LIBRARY_IDS, bigLibrarySeedStatements } from '../ratio/seed-big-library';
import { HISTORY_OF_COPIES, userWithOneUpload } from '../stream/seed-history';

/**
 * The big listings of bench:memory: each of `items` rows, seeded by set-based SQL for a user of their
 * own (so the mix's other listings stay small), read now and then during the mixed load:
 * - the contents of a history of `items` datasets (copies of one upload: bench/stream's seed);
 * - the folder contents and the recursive library contents of `items` datasets (bench:ratio's big library);
 * - the user's job listing over `items` jobs;
 * - the user's histories index over `items` histories of one dataset each, in the detailed view
 *   (sizes and states per history).
 */
export interface BigListings {
  key: string;
  paths: string[];
  /** Rows per listing. */
  items: number;
}

/** `$2` finished jobs of the owner of history dataset `$1`, in its history, a second apart. */
const JOBS = `insert into job (create_time, update_time, user_id, history_id, tool_id, tool_version, state, params)
  select now() - g * interval '1 second', now() - g * interval '1 second', o.user_id, o.history_id, 'cat1', '1.0.0',
         case when g % 10 = 0 then 'error' else 'ok' end, '{}'::jsonb
  from generate_series(1, $2) g, (select h.user_id, h.id as history_id from history_dataset_association a join history h on h.id = a.history_id where a.id = $1) o`;

/** `$2` histories of the owner of history dataset `$1`, each holding one copy of it, a second apart. */
const HISTORIES = `with src as (select a.*, h.user_id from history_dataset_association a join history h on h.id = a.history_id where a.id = $1),
  made as (insert into history (create_time, update_time, user_id, name, hid_counter)
           select now() - g * interval '1 second', now() - g * interval '1 second', src.user_id, 'listed ' || g, 2 from src, generate_series(1, $2) g
           returning id)
  insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, info, blurb, peek, extension, dbkey, metadata, visible, deleted, purged)
  select now(), now(), made.id, src.dataset_id, 1, src.name, src.info, src.blurb, src.peek, src.extension, src.dbkey, src.metadata, true, false, false from made, src`;

/** A user with one upload (through the API), then the big listings by SQL on `databaseUrl`. */
export async function seedBigListings(master: ApiClient, databaseUrl: string, idSecret: string, items: number): Promise<BigListings> {
  const email = 'memory-big@example.org';
  const { user, sourceHda } = await userWithOneUpload(master, 'memory-big', email, idSecret);
  const codec = new IdCodec(idSecret);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const history = (await db.query<{ history_id: number }>(HISTORY_OF_COPIES, [items, `${items} datasets`, sourceHda])).rows[0].history_id;
    for (const statement of bigLibrarySeedStatements(items, email)) await db.query(statement);
    const library = (await db.query<{ library_id: number; folder_id: number }>(BIG_LIBRARY_IDS)).rows[0];
    await db.query(JOBS, [sourceHda, items]);
    await db.query(HISTORIES, [sourceHda, items]);
    await db.query('analyze');
    return {
      key: user.key,
      items,
      paths: [
        `/api/histories/${codec.encode(history)}/contents`,
        `/api/folders/F${codec.encode(library.folder_id)}/contents`,
        `/api/libraries/${codec.encode(library.library_id)}/contents`,
        '/api/jobs',
        '/api/histories?view=detailed',
      ],
    };
  } finally {
    await db.end();
  }
}

/** Big listing number `n` (in turn), read through and dropped as it arrives: its bytes, time and SQL statements (with EXPOSE_QUERY_COUNT). */
export async function readBigListing(baseUrl: string, big: BigListings, n: number): Promise<{ bytes: number; ms: number; statements: string }> {
  const path = big.paths[n % big.paths.length];
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { headers: { 'x-api-key': big.key } });
  let bytes = 0;
  for await (const chunk of res.body ?? []) bytes += (chunk as Uint8Array).length;
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return { bytes, ms: performance.now() - started, statements: res.headers.get('x-sql-queries') ?? '?' };
}
