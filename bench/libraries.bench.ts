import { BENCH_ADMIN, type BenchPlatform, type Figures, measure, startBenchPlatform } from './harness';
import { seedRole, seedUser } from './seed/accounts';

export interface LibrarySizes {
  folders: number;
  datasets: number;
}

interface Seeded {
  adminKey: string;
  memberKey: string;
  libraryId: string;
  folderId: string;
  datasetId: string;
}

/**
 * A library of N datasets in F folders (a tenth at the top, the rest one level below), half of the
 * datasets restricted to one of two roles; a member holds one of them.
 */
async function seed(bench: BenchPlatform, sizes: LibrarySizes): Promise<Seeded> {
  const admin = await seedUser(bench, BENCH_ADMIN, 'bench-admin');
  const member = await seedUser(bench, 'member@example.org', 'member');
  const held = await seedRole(bench, 'held', 'held by the member', [member]);
  const other = await seedRole(bench, 'other', 'not held');
  const adminKey = admin.key;
  const memberKey = member.key;
  const [{ id: libraryId }] = await bench.sql<{ id: number }>(
    "insert into library (create_time, update_time, name, description, synopsis, deleted, purged) values (now(), now(), 'bench', '', '', false, false) returning id",
  );
  const [{ id: rootId }] = await bench.sql<{ id: number }>(
    "insert into library_folder (create_time, update_time, library_id, parent_id, name, description, deleted, purged) values (now(), now(), ?, null, 'bench', '', false, false) returning id",
    [libraryId],
  );
  await bench.sql('update library set root_folder_id = ? where id = ?', [rootId, libraryId]);
  const top = Math.max(1, Math.floor(sizes.folders / 10));
  await bench.sql(
    `insert into library_folder (create_time, update_time, library_id, parent_id, name, description, deleted, purged)
     select now(), now(), ?, ?, 'top ' || g, '', false, false from generate_series(1, ?) g`,
    [libraryId, rootId, top],
  );
  await bench.sql(
    `insert into library_folder (create_time, update_time, library_id, parent_id, name, description, deleted, purged)
     select now(), now(), ?, t.id, 'sub ' || g, '', false, false
     from generate_series(1, ?) g join (select id, row_number() over (order by id) - 1 as n from library_folder where parent_id = ?) t on t.n = g % ?`,
    [libraryId, sizes.folders - top, rootId, top],
  );
  const perFolder = Math.ceil(sizes.datasets / sizes.folders);
  await bench.sql(
    `insert into dataset (create_time, update_time, state, deleted, purged, purgable, file_size, uuid)
     select now(), now(), 'ok', false, false, true, 1000 + g, gen_random_uuid() from generate_series(1, ?) g`,
    [sizes.datasets],
  );
  await bench.sql(
    `insert into library_dataset (create_time, update_time, folder_id, name, deleted, purged)
     select now(), now(), f.id, 'dataset ' || d.n, false, false
     from (select id, row_number() over (order by id) - 1 as n from dataset) d
     join (select id, row_number() over (order by id) - 1 as n from library_folder where library_id = ? and parent_id is not null) f on f.n = d.n / ?`,
    [libraryId, perFolder],
  );
  await bench.sql(
    `insert into library_dataset_dataset_association (create_time, update_time, library_dataset_id, dataset_id, name, extension, dbkey, metadata, visible, deleted, purged)
     select now(), now(), ld.id, d.id, ld.name, 'tabular', '?', '{}'::jsonb, true, false, false
     from (select id, name, row_number() over (order by id) as n from library_dataset) ld
     join (select id, row_number() over (order by id) as n from dataset) d on d.n = ld.n`,
  );
  await bench.sql('update library_dataset ld set ldda_id = a.id from library_dataset_dataset_association a where a.library_dataset_id = ld.id');
  await bench.sql(
    `insert into item_permission (item_type, item_id, action, role_id)
     select 'dataset', d.id, 'access', case when d.id % 4 = 0 then ? else ? end from dataset d where d.id % 2 = 0`,
    [held.id, other.id],
  );
  const [{ folder_id: folderId, id: datasetId }] = await bench.sql<{ folder_id: number; id: number }>('select folder_id, id from library_dataset order by id limit 1');
  return {
    adminKey,
    memberKey,
    libraryId: bench.encodeId(libraryId),
    folderId: `F${bench.encodeId(folderId)}`,
    datasetId: bench.encodeId(datasetId),
  };
}

export async function benchLibraries(sizes: LibrarySizes): Promise<Figures[]> {
  const bench = await startBenchPlatform();
  try {
    const s = await seed(bench, sizes);
    const targets: Array<{ label: string; path: string; key: string }> = [
      { label: 'recursive contents (admin)', path: `/api/libraries/${s.libraryId}/contents`, key: s.adminKey },
      { label: 'recursive contents (role holder)', path: `/api/libraries/${s.libraryId}/contents`, key: s.memberKey },
      { label: 'folder contents page (admin)', path: `/api/folders/${s.folderId}/contents`, key: s.adminKey },
      { label: 'folder contents page (role holder)', path: `/api/folders/${s.folderId}/contents`, key: s.memberKey },
      { label: 'library dataset show (admin)', path: `/api/libraries/datasets/${s.datasetId}`, key: s.adminKey },
      { label: 'library dataset show (role holder)', path: `/api/libraries/datasets/${s.datasetId}`, key: s.memberKey },
    ];
    const figures: Figures[] = [];
    for (const target of targets) figures.push(await measure(bench, target, target.key, sizes.datasets));
    return figures;
  } finally {
    await bench.stop();
  }
}
