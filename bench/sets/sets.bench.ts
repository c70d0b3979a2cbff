import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { closeServer, type Platform, startPlatform } from '../../src/app/platform';
import { loadConfig } from '../../src/config/app-config';
import { createLogger } from '../../src/logging/logger';

/**
 * Work created in sets (issue 22): a history whose list collection holds N datasets (seeded by SQL,
 * all sharing one uploaded file), then, timed:
 * - `cat1` mapped over the list (one request): its answer, the moment all N job rows exist, the runner's
 *   rate over the whole map, beside the rate of the same jobs submitted one by one (one request each);
 * - a workflow whose one tool step (`cat1`) maps over the list, likewise;
 * - first, a copy of the history (N + 1 datasets), and an export of it imported back (the background task);
 * each with its SQL statements per item (the request's `x-sql-queries`, or the process's count).
 */

const MASTER = 'bench-sets-master-key';
type Dict = Record<string, unknown>;

export interface SetsFigures {
  items: number;
  rows: Array<{ label: string; seconds: number; sqlPerItem: number | null; note: string }>;
}

async function resetServerDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  await client.end();
}

/** The process's resident memory: starting a job's command (fork) costs more the larger it is. */
const rssMb = () => `process RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Bench {
  private polls = 0;
  constructor(
    readonly platform: Platform,
    readonly base: string,
  ) {}

  async call(method: string, path: string, body: unknown, key: string): Promise<{ body: unknown; sql: number }> {
    const res = await fetch(`${this.base}${path}`, { method, headers: { 'content-type': 'application/json', 'x-api-key': key }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
    return { body: text ? (JSON.parse(text) as unknown) : null, sql: Number(res.headers.get('x-sql-queries') ?? 0) };
  }

  /** One SQL value, counted apart from the process's statements (the counter is read without it). */
  async value(sql: string, params: unknown[] = []): Promise<number> {
    this.polls += 1;
    const rows = await this.platform.services.db.orm.em.fork().execute<Array<{ v: string | number | null }>>(sql, params);
    return Number(rows[0]?.v ?? 0);
  }

  /** Statements the process sent, without this bench's own polls. */
  get statements(): number {
    return this.platform.services.db.queries.total - this.polls;
  }

  /**
   * When the count reaches the target, polled every `pollMs`: waits for the runner poll slowly, as a
   * count over 10,000 jobs every 50 ms takes CPU from the runner it measures.
   */
  async until(sql: string, params: unknown[], target: number, pollMs = 50, timeoutMs = 3_600_000): Promise<number> {
    const started = Date.now();
    for (;;) {
      if ((await this.value(sql, params)) >= target) return Date.now();
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${sql}`);
      await sleep(pollMs);
    }
  }
}

/** How often the runner's progress is polled (its rates are measured over minutes). */
const RUNNER_POLL_MS = 500;
const JOBS_SINCE = "select count(*) as v from job where tool_id = 'cat1' and id > ?";
const DONE_SINCE = "select count(*) as v from job where tool_id = 'cat1' and id > ? and state in ('ok', 'error')";
const FAILED_SINCE = "select count(*) as v from job where tool_id = 'cat1' and id > ? and state <> 'ok'";

function mapWorkflow(): Dict {
  return {
    a_galaxy_workflow: 'true',
    'format-version': '0.1',
    name: 'cat1 over a list',
    annotation: '',
    steps: {
      '0': {
        id: 0, type: 'data_collection_input', name: 'Input dataset collection', annotation: '', inputs: [{ name: 'samples', description: '' }], input_connections: {},
        outputs: [], position: { left: 50, top: 80 }, tool_errors: null, tool_id: null, tool_version: null, tool_state: JSON.stringify({ collection_type: 'list', name: 'samples' }),
      },
      '1': {
        id: 1, type: 'tool', name: 'Concatenate', annotation: '', inputs: [], input_connections: { input1: { id: 0, output_name: 'output' } },
        outputs: [{ name: 'out_file1', type: 'input' }], position: { left: 300, top: 100 }, post_job_actions: {}, tool_errors: null, tool_id: 'cat1', tool_version: '1.0.0',
        tool_state: JSON.stringify({ input1: 'null', __page__: 0, __rerun_remap_job_id__: null }),
      },
    },
  };
}

export async function benchSets(items: number, singles: number): Promise<SetsFigures> {
  const dataDir = process.env.BENCH_SETS_KEEP_DIR ?? mkdtempSync(join(tmpdir(), 'bench-sets-'));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) await resetServerDatabase(serverUrl);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: serverUrl,
    MASTER_API_KEY: MASTER,
    ID_SECRET: 'bench-sets-id-secret',
    ADMIN_USERS: 'bench@example.org',
    LOG_LEVEL: 'silent',
    EXPOSE_QUERY_COUNT: 'true',
    LOCAL_JOB_WORKERS: process.env.BENCH_SETS_WORKERS ?? '2',
  });
  const platform = await startPlatform(config, createLogger('silent'));
  const server = platform.http.app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const bench = new Bench(platform, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const rows: SetsFigures['rows'] = [];
  // Each figure is printed as soon as it is measured (a long run stopped early keeps what it has).
  const push = rows.push.bind(rows);
  rows.push = (...added) => {
    for (const row of added) process.stdout.write(`  … ${row.label}: ${row.seconds.toFixed(2)} s${row.sqlPerItem === null ? '' : `, ${row.sqlPerItem.toFixed(2)} SQL/item`} ${row.note}\n`);
    return push(...added);
  };
  const seconds = (from: number, to: number) => Math.round((to - from) / 10) / 100;
  try {
    const user = (await bench.call('POST', '/api/users', { email: 'bench@example.org', username: 'bench', password: 'bench-password' }, MASTER)).body as Dict;
    const key = String((await bench.call('POST', `/api/users/${String(user.id)}/api_key`, {}, MASTER)).body);
    const historyId = String(((await bench.call('POST', '/api/histories', { name: 'bench sets' }, key)).body as Dict).id);
    const upload = (await bench.call('POST', '/api/tools', { tool_id: 'upload1', history_id: historyId, inputs: { 'files_0|url_paste': 'one line\n', 'files_0|type': 'upload_dataset', file_type: 'txt' } }, key)).body as Dict;
    const datasetId = (upload.outputs as Array<{ id: string }>)[0].id;
    await bench.until("select count(*) as v from job where tool_id = 'upload1' and state = 'ok'", [], 1);

    // N datasets sharing the uploaded file, by SQL, then the list through the API.
    const em = platform.services.db.orm.em.fork();
    const hdaId = platform.services.ids.decode(datasetId);
    await em.execute(
      `insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, info, blurb, peek, extension, dbkey, metadata, visible, deleted, purged)
       select now(), now(), h.history_id, h.dataset_id, h.hid + g, 'item ' || g, h.info, h.blurb, h.peek, h.extension, h.dbkey, h.metadata, true, false, false
       from history_dataset_association h cross join generate_series(1, ?) g where h.id = ? order by g`,
      [items, hdaId],
    );
    await em.execute('update history set hid_counter = hid_counter + ? where id = (select history_id from history_dataset_association where id = ?)', [items, hdaId]);
    const seeded = await em.execute<Array<{ id: number; name: string }>>('select id, name from history_dataset_association where history_id = (select history_id from history_dataset_association where id = ?) and id <> ? order by hid', [hdaId, hdaId]);
    let started = Date.now();
    const before = bench.statements;
    const list = await bench.call(
      'POST',
      `/api/histories/${historyId}/contents`,
      { type: 'dataset_collection', collection_type: 'list', name: 'the list', element_identifiers: seeded.map((row) => ({ name: row.name, src: 'hda', id: platform.services.ids.encode(row.id) })) },
      key,
    );
    rows.push({ label: `list of ${items} datasets (POST …/contents)`, seconds: seconds(started, Date.now()), sqlPerItem: (bench.statements - before) / items, note: '' });
    const listId = String((list.body as Dict).id);
    // BENCH_SETS_STEPS (comma list of copy, map, singles, workflow; all by default) picks the steps, to profile one.
    const steps = new Set((process.env.BENCH_SETS_STEPS ?? 'copy,map,singles,workflow').split(','));
    // BENCH_SETS_RUN=false stops the job engine once the list exists: only the requests and their queueing are timed.
    const runner = process.env.BENCH_SETS_RUN !== 'false';
    if (!runner) await platform.services.jobEngine.stop();

    // History copy and export + import, of the history of N datasets (before the maps add theirs).
    if (steps.has('copy')) {
      const datasets = await bench.value("select count(*) as v from history_dataset_association where history_id = (select history_id from history_dataset_association where id = ?) and not deleted", [hdaId]);
      started = Date.now();
      const copy = await bench.call('POST', '/api/histories', { history_id: historyId }, key);
      rows.push({ label: `copy of the history (${datasets} datasets)`, seconds: seconds(started, Date.now()), sqlPerItem: copy.sql / datasets, note: '' });

      started = Date.now();
      await bench.call('PUT', `/api/histories/${historyId}/exports?include_hidden=true`, undefined, key);
      let downloadUrl = '';
      for (;;) {
        const res = await fetch(`${bench.base}/api/histories/${historyId}/exports?include_hidden=true`, { method: 'PUT', headers: { 'x-api-key': key } });
        const body = (await res.json()) as Dict | string;
        if (res.status === 200 && typeof body === 'object') {
          downloadUrl = String(body.download_url);
          break;
        }
        await sleep(100);
      }
      rows.push({ label: 'export of the history', seconds: seconds(started, Date.now()), sqlPerItem: null, note: '' });
      const beforeImport = bench.statements;
      started = Date.now();
      await bench.call('POST', '/api/histories', { archive_source: `${bench.base}${downloadUrl}`, archive_type: 'url' }, key);
      const finished = await bench.until("select count(*) as v from background_task where kind = 'history_import' and state not in ('queued', 'running')", [], 1);
      const imported = await bench.value("select count(*) as v from history_dataset_association where history_id = (select max(id) from history where name like 'imported from archive:%')");
      if (imported !== datasets) throw new Error(`import: ${imported} datasets of ${datasets}`);
      rows.push({ label: 'import of its export (task)', seconds: seconds(started, finished), sqlPerItem: (bench.statements - beforeImport) / datasets, note: '' });
    }
    // cat1 mapped over the list: one request.
    const runMap = async (label: string, request: () => Promise<{ sql: number }>) => {
      const lastJob = await bench.value('select coalesce(max(id), 0) as v from job');
      const beforeRun = bench.statements;
      const t0 = Date.now();
      const answered = request().then((res) => ({ at: Date.now(), sql: res.sql }));
      const allQueued = await bench.until(JOBS_SINCE, [lastJob], items);
      const answer = await answered;
      const requestStatements = bench.statements - beforeRun;
      rows.push({ label: `${label}: answer`, seconds: seconds(t0, answer.at), sqlPerItem: answer.sql ? answer.sql / items : requestStatements / items, note: '' });
      rows.push({ label: `${label}: all ${items} job rows exist`, seconds: seconds(t0, allQueued), sqlPerItem: null, note: '' });
      if (!runner) return;
      const done = await bench.until(DONE_SINCE, [lastJob], items, RUNNER_POLL_MS);
      const failed = await bench.value(FAILED_SINCE, [lastJob]);
      if (failed > 0) throw new Error(`${label}: ${failed} jobs did not end ok`);
      const runnerStatements = bench.statements - beforeRun - requestStatements;
      rows.push({ label: `${label}: runner done`, seconds: seconds(t0, done), sqlPerItem: runnerStatements / items, note: `${(items / ((done - t0) / 1000)).toFixed(1)} jobs/s from the request, ${(items / ((done - allQueued) / 1000)).toFixed(1)} once all queued; ${rssMb()}` });
    };
    if (steps.has('map')) await runMap('map cat1', () => bench.call('POST', '/api/tools', { tool_id: 'cat1', history_id: historyId, inputs: { input1: { batch: true, values: [{ src: 'hdca', id: listId }] } } }, key));

    // The same jobs, one request each (a sample of `singles`).
    if (steps.has('singles') && runner) {
      const lastJob = await bench.value('select coalesce(max(id), 0) as v from job');
      const beforeRun = bench.statements;
      const t0 = Date.now();
      for (let i = 0; i < singles; i += 1) {
        await bench.call('POST', '/api/tools', { tool_id: 'cat1', history_id: historyId, inputs: { input1: { src: 'hda', id: platform.services.ids.encode(seeded[i].id) } } }, key);
      }
      const submitted = Date.now();
      const done = await bench.until(DONE_SINCE, [lastJob], singles, RUNNER_POLL_MS);
      rows.push({ label: `${singles} cat1 jobs one request each: submitted`, seconds: seconds(t0, submitted), sqlPerItem: null, note: '' });
      rows.push({ label: `${singles} cat1 jobs one request each: done`, seconds: seconds(t0, done), sqlPerItem: (bench.statements - beforeRun) / singles, note: `${(singles / ((done - t0) / 1000)).toFixed(1)} jobs/s; ${rssMb()}` });
    }

    // A workflow step mapped over the list.
    if (steps.has('workflow')) {
      const workflow = (await bench.call('POST', '/api/workflows', { workflow: JSON.stringify(mapWorkflow()) }, key)).body as Dict;
      await runMap('workflow step', () => bench.call('POST', '/api/workflows', { workflow_id: workflow.id, history: `hist_id=${historyId}`, inputs: { 0: { src: 'hdca', id: listId } } }, key));
    }

    return { items, rows };
  } finally {
    await closeServer(server);
    await platform.close();
    if (!process.env.BENCH_SETS_KEEP_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printSetsFigures(title: string, figures: SetsFigures): void {
  const lines = [
    `\n${title}`,
    `${'step'.padEnd(50)} ${'seconds'.padStart(8)} ${'SQL/item'.padStart(9)}   note`,
    ...figures.rows.map((row) => `${row.label.padEnd(50)} ${row.seconds.toFixed(2).padStart(8)} ${(row.sqlPerItem === null ? '' : row.sqlPerItem.toFixed(2)).padStart(9)}   ${row.note}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
