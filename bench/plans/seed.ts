import type { Client } from 'pg';

/** How many rows each listing of the plans benchmark reads (`rows`), and the job table (`jobs`). */
export interface PlanSizes {
  rows: number;
  jobs: number;
}

/** The database ids of what the routes name; users are created (with keys) by the caller beforehand. */
export interface SeedUsers {
  ownerId: number;
  memberId: number;
}

export interface Seeded {
  bigHistoryId: number;
  libraryId: number;
  folderId: number;
  /** A deleted dataset of the big history, and a visible one, for the `ids` filter. */
  someDatasetIds: number[];
}

/**
 * Set-based seed (generate_series, insert … select) of every contract listing at `rows`, among other
 * users' rows so that a listing is a part of its table, as on a shared server:
 * - `rows` other users (one history of one dataset each), groups, roles and quotas;
 * - the owner's `rows` histories (every 10th published, every 10th shared with the member, every
 *   10th deleted), the first of which holds `rows` datasets (every 10th deleted, every 7th hidden);
 * - a library whose one folder holds `rows` datasets, half restricted (a quarter to a role the member holds);
 * - `jobs` jobs over the other users and the owner (1 in 100), states ok (70%), error, deleted, running, queued,
 *   updated over 1,000 days;
 * - `rows` pages, visualizations and workflows: half the owner's, the rest other users' (every 10th
 *   published, every 10th visualization and workflow shared with the member).
 */
export async function seedPlans(db: Client, users: SeedUsers, sizes: PlanSizes, heldRoleId: number, otherRoleId: number): Promise<Seeded> {
  const n = sizes.rows;
  const run = (text: string, params: unknown[] = []) => db.query(text, params);
  await run(
    `insert into galaxy_user (create_time, update_time, email, username, password, deleted, purged)
     select now(), now(), 'user' || g || '@example.org', 'user' || g, 'x', g % 50 = 0, false from generate_series(1, $1) g`,
    [n],
  );
  const others = `(select id, row_number() over (order by id) - 1 as n from galaxy_user where email like 'user%@example.org')`;
  await run(`insert into galaxy_group (create_time, update_time, name, deleted) select now(), now(), 'group ' || g, g % 20 = 0 from generate_series(1, $1) g`, [n]);
  await run(`insert into role (create_time, update_time, name, description, type, deleted) select now(), now(), 'role ' || g, '', 'admin', g % 20 = 0 from generate_series(1, $1) g`, [n]);
  await run(
    `insert into quota (create_time, update_time, name, description, bytes, operation, deleted, purged)
     select now(), now(), 'quota ' || g, '', 1000000::bigint * g, '=', g % 20 = 0, false from generate_series(1, $1) g`,
    [n],
  );
  // Histories: the owner's n, then one for each other user.
  await run(
    `insert into history (create_time, update_time, user_id, name, hid_counter, deleted, purged, importable, published, slug)
     select now() - g * interval '1 minute', now() - g * interval '1 minute', $1, 'history ' || g, 1, g % 10 = 2, false, g % 10 = 0, g % 10 = 0,
            case when g % 10 = 0 then 'history-' || g end
     from generate_series(1, $2) g`,
    [users.ownerId, n],
  );
  await run(
    `insert into history (create_time, update_time, user_id, name, hid_counter, deleted, purged, importable, published)
     select now() - u.n * interval '1 second', now(), u.id, 'theirs ' || u.n, 2, false, false, false, false from ${others} u`,
  );
  await run(
    `insert into history_user_share_association (history_id, user_id)
     select id, $2 from history where user_id = $1 and name like 'history %' and (substring(name from 9))::int % 10 = 1`,
    [users.ownerId, users.memberId],
  );
  const bigHistoryId = (await run(`select min(id) as id from history where user_id = $1`, [users.ownerId])).rows[0].id as number;
  // Datasets: n for the big history, one per other user's history, n for the library.
  await run(
    `insert into dataset (create_time, update_time, state, deleted, purged, purgable, file_size, uuid)
     select now(), now(), 'ok', false, false, true, 100 + g, gen_random_uuid() from generate_series(1, $1) g`,
    [3 * n],
  );
  await run(
    `insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, extension, dbkey, metadata, visible, deleted, purged)
     select now(), now(), $1, d.id, d.n, 'dataset ' || d.n, 'tabular', '?', '{"columns": 2}'::jsonb, d.n % 7 <> 0, d.n % 10 = 0, false
     from (select id, row_number() over (order by id) as n from dataset) d where d.n <= $2`,
    [bigHistoryId, n],
  );
  await run(`update history set hid_counter = $2 + 1 where id = $1`, [bigHistoryId, n]);
  await run(
    `insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, extension, dbkey, metadata, visible, deleted, purged)
     select now(), now(), h.id, d.id, 1, 'theirs', 'txt', '?', '{}'::jsonb, true, false, false
     from (select id, row_number() over (order by id) as n from history where user_id <> $1) h
     join (select id, row_number() over (order by id) - $2 as n from dataset) d on d.n = h.n`,
    [users.ownerId, n],
  );
  // A library of one folder of n datasets, half restricted.
  const libraryId = (await run(`insert into library (create_time, update_time, name, description, synopsis, deleted, purged) values (now(), now(), 'plans', '', '', false, false) returning id`)).rows[0]
    .id as number;
  const folderId = (
    await run(
      `insert into library_folder (create_time, update_time, library_id, parent_id, name, description, deleted, purged) values (now(), now(), $1, null, 'plans', '', false, false) returning id`,
      [libraryId],
    )
  ).rows[0].id as number;
  await run(`update library set root_folder_id = $1 where id = $2`, [folderId, libraryId]);
  await run(
    `insert into library (create_time, update_time, name, description, synopsis, deleted, purged)
     select now(), now(), 'library ' || g, '', '', g % 10 = 0, false from generate_series(1, 100) g`,
  );
  await run(
    `insert into library_dataset (create_time, update_time, folder_id, name, deleted, purged)
     select now(), now(), $1, 'library dataset ' || g, g % 10 = 0, false from generate_series(1, $2) g`,
    [folderId, n],
  );
  await run(
    `insert into library_dataset_dataset_association (create_time, update_time, library_dataset_id, dataset_id, name, extension, dbkey, metadata, visible, deleted, purged)
     select now(), now(), ld.id, d.id, ld.name, 'tabular', '?', '{}'::jsonb, true, ld.deleted, false
     from (select id, name, deleted, row_number() over (order by id) as n from library_dataset) ld
     join (select id, row_number() over (order by id) - 2 * $1 as n from dataset) d on d.n = ld.n`,
    [n],
  );
  await run('update library_dataset ld set ldda_id = a.id from library_dataset_dataset_association a where a.library_dataset_id = ld.id');
  await run(
    `insert into item_permission (item_type, item_id, action, role_id)
     select 'dataset', a.dataset_id, 'access', case when a.dataset_id % 4 = 0 then $1::int else $2::int end
     from library_dataset_dataset_association a where a.dataset_id % 2 = 0`,
    [heldRoleId, otherRoleId],
  );
  // Jobs over many users, updated over 1,000 days (newest first by id).
  await run(
    `insert into job (create_time, update_time, user_id, history_id, tool_id, tool_version, state, params, stdout, stderr, attempts, exit_code)
     select t - interval '5 minutes', t, case when g % 100 = 0 then $1::int else u.id end, null,
            case when g % 3 = 0 then 'cat1' when g % 3 = 1 then 'sort1' else 'upload1' end, '1.0.0',
            case when g % 10 < 7 then 'ok' when g % 10 = 7 then 'error' when g % 10 = 8 then 'deleted' when g % 20 = 9 then 'running' else 'queued' end,
            '{}'::jsonb, '', '', 1, 0
     from generate_series(1, $2) g
     cross join lateral (select now() - (g::float8 / $2 * 1000) * interval '1 day' as t) at
     join ${others} u on u.n = g % $3`,
    [users.ownerId, sizes.jobs, n],
  );
  // Pages, visualizations and workflows: the owner's half, and other users' (every 10th published).
  const ownerOf = (g: string) => `case when ${g} % 2 = 0 then $1::int else (select id from galaxy_user where email = 'user' || (${g} % $2 + 1) || '@example.org') end`;
  await run(
    `insert into page (create_time, update_time, user_id, title, slug, importable, published, deleted)
     select now(), now() - g * interval '1 second', ${ownerOf('g')}, 'page ' || g, 'page-' || g, g % 10 = 1, g % 10 = 1, g % 10 = 4 from generate_series(1, $3) g`,
    [users.ownerId, n, n],
  );
  await run(`insert into page_revision (create_time, update_time, page_id, title, content) select now(), now(), id, title, '' from page`);
  await run(`update page p set latest_revision_id = r.id from page_revision r where r.page_id = p.id`);
  await run(
    `insert into visualization (create_time, update_time, user_id, title, type, dbkey, slug, importable, published, deleted)
     select now(), now() - g * interval '1 second', ${ownerOf('g')}, 'visualization ' || g, 'trackster', 'hg19', 'viz-' || g, g % 10 = 1, g % 10 = 1, g % 10 = 4 from generate_series(1, $3) g`,
    [users.ownerId, n, n],
  );
  await run(`insert into visualization_revision (create_time, update_time, visualization_id, title, dbkey, config) select now(), now(), id, title, dbkey, '{}'::jsonb from visualization`);
  await run(`update visualization v set latest_revision_id = r.id from visualization_revision r where r.visualization_id = v.id`);
  await run(`insert into visualization_user_share_association (visualization_id, user_id) select id, $2 from visualization where user_id <> $1 and id % 10 = 3`, [users.ownerId, users.memberId]);
  await run(
    `insert into stored_workflow (create_time, update_time, user_id, name, slug, importable, published, deleted)
     select now(), now() - g * interval '1 second', ${ownerOf('g')}, 'workflow ' || g, 'workflow-' || g, g % 10 = 1, g % 10 = 1, g % 10 = 4 from generate_series(1, $3) g`,
    [users.ownerId, n, n],
  );
  await run(`insert into workflow (create_time, update_time, stored_workflow_id, name, uuid) select now(), now(), id, name, gen_random_uuid() from stored_workflow`);
  await run(`update stored_workflow s set latest_workflow_id = w.id from workflow w where w.stored_workflow_id = s.id`);
  await run(`insert into stored_workflow_user_share_association (stored_workflow_id, user_id) select id, $2 from stored_workflow where user_id <> $1 and id % 10 = 3`, [
    users.ownerId,
    users.memberId,
  ]);
  const someDatasetIds = (await run(`select id from history_dataset_association where history_id = $1 and hid in (10, 11, 12) order by hid`, [bigHistoryId])).rows.map((r) => r.id as number);
  await run('analyze');
  return { bigHistoryId, libraryId, folderId, someDatasetIds };
}
