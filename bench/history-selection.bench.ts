import { BENCH_ADMIN, type BenchPlatform, startBenchPlatform } from './harness';
import { seedUser } from './seed/accounts';

/**
 * The figures of issue 34's selection work, through the public surface (GraphQL and REST over HTTP,
 * bulk rows seeded by set-based SQL): the first page of a 10,000-item history; "Select all" + Hide of
 * all 10,000 as one `changeHistoryItems` request, against the same work done plainly (one SQL UPDATE;
 * the REST per-item PUT loop, timed on a sample and scaled); "Copy Datasets" of all 10,000; a list of
 * 500 pairs built as one `buildCollectionFromSelection` request, against the same collection posted to
 * REST's `POST /api/histories/{id}/contents`.
 */
export interface SelectionSizes {
  /** Datasets of the big history. */
  items: number;
  /** Pairs of the list of pairs (twice as many datasets). */
  pairs: number;
  /** Datasets the REST PUT loop changes one by one (its time is scaled to `items`). */
  restSample: number;
}

export interface SelectionFigure {
  label: string;
  ms: number;
  sql: number | null;
  /** Requests the work took. */
  requests: number;
  /** What it is compared with, and how many times slower the baseline is. */
  baseline?: { label: string; ms: number; ratio: number };
}

interface Answer {
  ms: number;
  sql: number;
  body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string }> } & Record<string, unknown>;
}

const MEDIAN_OF = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function call(bench: BenchPlatform, key: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${bench.baseUrl}${path}`, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = (await res.json()) as Answer['body'];
  const ms = performance.now() - started;
  if (res.status !== 200 || answer.errors) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return { ms, sql: Number(res.headers.get('x-sql-queries')), body: answer };
}

const graph = (bench: BenchPlatform, key: string, query: string, variables: Record<string, unknown>) => call(bench, key, 'POST', '/graphql', { query, variables });

/** A history of `count` finished datasets named by `nameOf(n)` (n from 1), in two set-based statements. */
async function seedHistory(bench: BenchPlatform, userId: number, name: string, count: number, nameSql: string): Promise<number> {
  const [{ id }] = await bench.sql<{ id: number }>(
    "insert into history (create_time, update_time, user_id, name, hid_counter, deleted, purged, importable, published) values (now(), now(), ?, ?, ? + 1, false, false, false, false) returning id",
    [userId, name, count],
  );
  await bench.sql(
    `with made as (
       insert into dataset (create_time, update_time, state, file_size, uuid)
       select now(), now(), 'ok', 12, gen_random_uuid() from generate_series(1, ?) returning id),
     numbered as (select id, row_number() over (order by id) as n from made)
     insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, blurb, peek, extension, metadata)
     select now(), now(), ?, numbered.id, numbered.n, ${nameSql}, '1 line', 'line of data', 'fastqsanger', '{}'::jsonb from numbered`,
    [count, id],
  );
  return Number(id);
}

const PAGE = `query ($historyId: ID!, $filter: HistoryItemFilterInput) {
  historyItemsPage(historyId: $historyId, first: 200, filter: $filter, newestFirst: true) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { __typename ... on HistoryContent { id hid name state extension visible deleted purged } } }
  }
}`;
const CHANGE = `mutation ($historyId: ID!, $selection: HistoryItemSelectionInput!, $operation: HistorySelectionOperation!) {
  changeHistoryItems(historyId: $historyId, selection: $selection, operation: $operation) { changed }
}`;
const COPY = `mutation ($historyId: ID!, $selection: HistoryItemSelectionInput!, $newHistoryName: String) {
  copyHistoryItems(historyId: $historyId, selection: $selection, newHistoryName: $newHistoryName) { historyId datasets }
}`;
const BUILD = `mutation ($historyId: ID!, $input: CollectionFromSelectionInput!) {
  buildCollectionFromSelection(historyId: $historyId, input: $input) { id elementCount }
}`;

export async function benchHistorySelection(sizes: SelectionSizes): Promise<SelectionFigure[]> {
  const bench = await startBenchPlatform();
  try {
    const user = await seedUser(bench, BENCH_ADMIN, 'bench-admin');
    const key = user.key;
    const figures: SelectionFigure[] = [];
    const historyId = await seedHistory(bench, user.id, 'big', sizes.items, `'dataset ' || numbered.n`);
    const encodedHistoryId = bench.encodeId(historyId);
    const visibleFilter = { deleted: false, visible: true };

    // The panel's first page (what opening the history waits for).
    const pages: Answer[] = [];
    for (let i = 0; i < MEDIAN_OF; i += 1) pages.push(await graph(bench, key, PAGE, { historyId: encodedHistoryId, filter: visibleFilter }));
    figures.push({ label: `first page (200) of a ${sizes.items}-item history`, ms: median(pages.map((p) => p.ms)), sql: pages[0].sql, requests: 1 });

    // Select all + Hide (and Unhide, to do it again): one request each.
    const hides: Answer[] = [];
    for (let i = 0; i < MEDIAN_OF; i += 1) {
      hides.push(await graph(bench, key, CHANGE, { historyId: encodedHistoryId, selection: { filter: visibleFilter }, operation: 'hide' }));
      await graph(bench, key, CHANGE, { historyId: encodedHistoryId, selection: { filter: { deleted: false, visible: false } }, operation: 'unhide' });
    }
    const changed = (hides[0].body.data?.changeHistoryItems as { changed: number }).changed;
    if (changed !== sizes.items) throw new Error(`hid ${changed} of ${sizes.items}`);
    // Baseline: the same change as one plain SQL statement (timed here, beside the service).
    const plain: number[] = [];
    for (let i = 0; i < MEDIAN_OF; i += 1) {
      const started = performance.now();
      await bench.sql('update history_dataset_association set visible = false, update_time = now() where history_id = ? and visible and not deleted', [historyId]);
      plain.push(performance.now() - started);
      await bench.sql('update history_dataset_association set visible = true where history_id = ?', [historyId]);
    }
    const hideMs = median(hides.map((h) => h.ms));
    const plainMs = median(plain);
    figures.push({
      label: `Select all + Hide, ${sizes.items} items`,
      ms: hideMs,
      sql: hides[0].sql,
      requests: 1,
      baseline: { label: 'one plain SQL UPDATE', ms: plainMs, ratio: plainMs / hideMs },
    });
    // Baseline: REST's per-item PUT, as a client without bulk operations hides them (timed on a sample, scaled).
    const sample = await bench.sql<{ id: number }>('select id from history_dataset_association where history_id = ? order by hid limit ?', [historyId, sizes.restSample]);
    const loopStarted = performance.now();
    for (const { id } of sample) await call(bench, key, 'PUT', `/api/histories/${encodedHistoryId}/contents/${bench.encodeId(Number(id))}`, { visible: false });
    const loopMs = ((performance.now() - loopStarted) / sample.length) * sizes.items;
    figures.push({
      label: `Select all + Hide, ${sizes.items} items`,
      ms: hideMs,
      sql: hides[0].sql,
      requests: 1,
      baseline: { label: `REST PUT per item (${sizes.restSample} timed, scaled)`, ms: loopMs, ratio: loopMs / hideMs },
    });
    await bench.sql('update history_dataset_association set visible = true where history_id = ?', [historyId]);

    // Copy Datasets: all of them to a new history.
    const copy = await graph(bench, key, COPY, { historyId: encodedHistoryId, selection: { filter: visibleFilter }, newHistoryName: 'copies' });
    figures.push({ label: `Copy Datasets, ${sizes.items} items to a new history`, ms: copy.ms, sql: copy.sql, requests: 1 });

    // A list of pairs, built from the selection in one request, against REST's collection creation.
    const pairsHistoryId = await seedHistory(bench, user.id, 'pairs', sizes.pairs * 2, `'s' || ((numbered.n + 1) / 2) || case when numbered.n % 2 = 1 then '_R1' else '_R2' end || '.fastq'`);
    const ids = (await bench.sql<{ id: number }>('select id from history_dataset_association where history_id = ? order by hid', [pairsHistoryId])).map((row) => bench.encodeId(Number(row.id)));
    const pairs = Array.from({ length: sizes.pairs }, (_, i) => ({ name: `s${i + 1}`, forwardId: ids[2 * i], reverseId: ids[2 * i + 1] }));
    const build = await graph(bench, key, BUILD, { historyId: bench.encodeId(pairsHistoryId), input: { collectionType: 'list:paired', name: 'pairs', pairs } });
    const rest = await call(bench, key, 'POST', `/api/histories/${bench.encodeId(pairsHistoryId)}/contents`, {
      type: 'dataset_collection',
      collection_type: 'list:paired',
      name: 'pairs (REST)',
      element_identifiers: pairs.map((pair) => ({
        name: pair.name,
        src: 'new_collection',
        collection_type: 'paired',
        element_identifiers: [
          { name: 'forward', src: 'hda', id: pair.forwardId },
          { name: 'reverse', src: 'hda', id: pair.reverseId },
        ],
      })),
    });
    figures.push({
      label: `Build List of Dataset Pairs, ${sizes.pairs} pairs`,
      ms: build.ms,
      sql: build.sql,
      requests: 1,
      baseline: { label: 'REST POST …/contents (same collection)', ms: rest.ms, ratio: rest.ms / build.ms },
    });
    return figures;
  } finally {
    await bench.stop();
  }
}

export function printSelectionFigures(title: string, figures: SelectionFigure[]): void {
  const lines = [
    `\n${title}`,
    `${'work'.padEnd(46)} ${'ms'.padStart(7)} ${'SQL'.padStart(5)} ${'requests'.padStart(8)}   baseline`,
    ...figures.map(
      (f) =>
        `${f.label.padEnd(46)} ${f.ms.toFixed(0).padStart(7)} ${String(f.sql ?? '-').padStart(5)} ${String(f.requests).padStart(8)}   ${
          f.baseline ? `${f.baseline.label}: ${f.baseline.ms.toFixed(0)} ms (${f.baseline.ratio.toFixed(2)}x)` : ''
        }`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (require.main === module) {
  const [items, pairs, restSample] = (process.env.BENCH_SELECTION_SIZES ?? '10000,500,200').split(',').map(Number);
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL';
  benchHistorySelection({ items, pairs, restSample })
    .then((figures) => printSelectionFigures(`history selection: ${items} items, ${pairs} pairs, ${database}`, figures))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    });
}
