import { BENCH_ADMIN, type BenchPlatform, type Figures, measure, startBenchPlatform } from './harness';
import { seedUser } from './seed/accounts';

export interface DataCoreSizes {
  histories: number;
  jobs: number;
  datasets: number;
  /** List collections of 10 of the big history's datasets, in a history of their own. */
  collections: number;
}

/** Bulk seed with set-based SQL: N histories, one history of M datasets, J jobs with an output each. */
async function seed(bench: BenchPlatform, sizes: DataCoreSizes): Promise<{ key: string; bigHistoryId: string; collectionsHistoryId: string }> {
  const { id: uid, key } = await seedUser(bench, BENCH_ADMIN, 'bench-admin');
  await bench.sql(
    `insert into history (create_time, update_time, user_id, name, hid_counter, deleted, purged, importable, published)
     select now() - (g * interval '1 second'), now(), ?, 'history ' || g, 1, false, false, false, false from generate_series(1, ?) g`,
    [uid, sizes.histories],
  );
  const [{ id: bigId }] = await bench.sql<{ id: number }>('select min(id) as id from history');
  await bench.sql(
    `insert into dataset (create_time, update_time, state, deleted, purged, purgable, file_size, uuid)
     select now(), now(), 'ok', false, false, true, 100 + g, gen_random_uuid() from generate_series(1, ?) g`,
    [sizes.datasets + sizes.jobs],
  );
  await bench.sql(
    `insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, extension, dbkey, metadata, visible, deleted, purged)
     select now(), now(), ?, d.id, d.id, 'dataset ' || d.id, 'tabular', '?', '{"columns": 2}'::jsonb, true, false, false from dataset d order by d.id`,
    [bigId],
  );
  await bench.sql(
    `insert into job (create_time, update_time, user_id, history_id, tool_id, tool_version, state, params, stdout, stderr, attempts, exit_code)
     select now() - (g * interval '1 second'), now() - (g * interval '1 second'), ?, ?, case when g % 2 = 0 then 'cat1' else 'sort1' end, '1.0.0', 'ok', '{}'::jsonb, '', '', 1, 0
     from generate_series(1, ?) g`,
    [uid, bigId, sizes.jobs],
  );
  await bench.sql(
    `insert into job_to_output_dataset (job_id, name, hda_id)
     select j.id, 'out_file1', h.id from (select id, row_number() over (order by id) as n from job) j
     join (select id, row_number() over (order by id desc) as n from history_dataset_association) h on h.n = j.n`,
  );
  const collectionsHistoryId = bigId + 1;
  await bench.sql(
    `insert into dataset_collection (create_time, update_time, collection_type, populated, element_count)
     select now(), now(), 'list', true, 10 from generate_series(1, ?) g`,
    [sizes.collections],
  );
  await bench.sql(
    `insert into dataset_collection_element (collection_id, hda_id, element_index, element_identifier)
     select c.id, first.id + ((c.id * 10 + e) % ?), e, 'element' || e
       from dataset_collection c cross join generate_series(0, 9) e
       cross join (select min(id) as id from history_dataset_association) first`,
    [sizes.datasets],
  );
  await bench.sql(
    `insert into history_dataset_collection_association (create_time, update_time, history_id, collection_id, hid, name, visible, deleted)
     select now(), now(), ?, c.id, row_number() over (order by c.id), 'collection ' || c.id, true, false from dataset_collection c`,
    [collectionsHistoryId],
  );
  return { key, bigHistoryId: bench.encodeId(bigId), collectionsHistoryId: bench.encodeId(collectionsHistoryId) };
}

export async function benchDataCore(sizes: DataCoreSizes): Promise<Figures[]> {
  const bench = await startBenchPlatform();
  try {
    const { key, bigHistoryId, collectionsHistoryId } = await seed(bench, sizes);
    const gql = (query: string) => JSON.stringify({ query });
    const targets = [
      { rows: sizes.histories, label: 'REST GET /api/histories', path: '/api/histories' },
      { rows: sizes.histories, label: 'GraphQL histories { id name tags }', path: '/graphql', method: 'POST' as const, body: gql('{ histories { id name deleted tags } }') },
      { rows: sizes.histories, label: 'REST GET /api/histories?view=detailed', path: '/api/histories?view=detailed' },
      { rows: sizes.jobs, label: 'REST GET /api/jobs', path: '/api/jobs' },
      { rows: sizes.jobs, label: 'GraphQL jobs { id state toolId }', path: '/graphql', method: 'POST' as const, body: gql('{ jobs { id state toolId updateTime } }') },
      { rows: sizes.datasets, label: 'REST GET /api/histories/{id}/contents', path: `/api/histories/${bigHistoryId}/contents` },
      { rows: sizes.datasets, label: 'GraphQL historyContents', path: '/graphql', method: 'POST' as const, body: gql(`{ historyContents(historyId: "${bigHistoryId}") { id hid name state } }`) },
      { rows: sizes.datasets, label: 'REST GET /api/histories/{id} (detailed)', path: `/api/histories/${bigHistoryId}` },
      { rows: sizes.collections, label: 'REST GET /api/histories/{id}/contents (collections)', path: `/api/histories/${collectionsHistoryId}/contents` },
      {
        rows: sizes.collections * 10,
        label: 'GraphQL historyCollections { elements { dataset } }',
        path: '/graphql',
        method: 'POST' as const,
        body: gql(`{ historyCollections(historyId: "${collectionsHistoryId}") { id name elements { elementIdentifier dataset { id state } } } }`),
      },
    ];
    const figures: Figures[] = [];
    for (const target of targets) figures.push(await measure(bench, target, key, target.rows));
    return figures;
  } finally {
    await bench.stop();
  }
}
