/**
 * Proves the baseline answers what the service answers: seeds a database through the service, fetches
 * every benchmark target from both and compares the parsed JSON (key order included), as the
 * benchmark's caller (a regular user) and again as the library's administrator (whose answers differ:
 * server paths, job details, permission flags). Prints each side's SQL statement count and bytes.
 *
 *   node -r @swc-node/register bench/ratio/baseline/verify.ts
 *
 * VERIFY_ITEMS (default 1000): datasets of the big history and folder.
 * VERIFY_EMBEDDED=1: on the embedded PostgreSQL of a fresh DATA_DIR instead of the server: the service
 *   (DATA_DIR only) starts it, the baseline (the same DATA_DIR) joins it.
 * VERIFY_REUSE=1 (server database only): skip the reset and the seeding, reuse the last run's ids.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { type ServerProcess, startServerProcess } from '../processes';
import { BENCH_ADMIN_EMAIL, type Seeded, seedThroughApi } from '../seed';

const SERVER_URL = 'postgres://postgres@127.0.0.1:5432';
const DATABASE = 'bench_agent';
const DATABASE_URL = `${SERVER_URL}/${DATABASE}`;
const SERVICE_PORT = 28080;
const BASELINE_PORT = 28081;
const MASTER_KEY = 'ratio-master';
const ID_SECRET = 'ratio-secret-0123456789abcdef';
const SEEDED_FILE = join(tmpdir(), 'ratio-baseline-verify.seeded.json');

const items = Number(process.env.VERIFY_ITEMS ?? 1000);
const embedded = process.env.VERIFY_EMBEDDED === '1';
const reuse = process.env.VERIFY_REUSE === '1' && !embedded;

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** The nine targets of the benchmark, then the two listings on their small history and folder. */
function targetsOf(seeded: Seeded, items: number): Target[] {
  return [
    { name: 'history show', method: 'GET', path: `/api/histories/${seeded.smallHistoryId}` },
    { name: 'dataset show', method: 'GET', path: `/api/datasets/${seeded.datasetId}` },
    { name: 'job show', method: 'GET', path: `/api/jobs/${seeded.jobId}` },
    { name: 'library dataset show', method: 'GET', path: `/api/libraries/datasets/${seeded.libraryDatasetId}` },
    { name: 'histories index', method: 'GET', path: '/api/histories' },
    { name: `history contents (${items})`, method: 'GET', path: `/api/histories/${seeded.bigHistoryId}/contents` },
    { name: `folder contents (${items})`, method: 'GET', path: `/api/folders/${seeded.bigFolderId}/contents` },
    {
      name: 'graphql history',
      method: 'POST',
      path: '/graphql',
      body: JSON.stringify({ query: `{ history(id: "${seeded.smallHistoryId}") { id name deleted } }` }),
    },
    { name: 'version', method: 'GET', path: '/api/version' },
    { name: 'requests index', method: 'GET', path: '/api/requests' },
    { name: 'samples of a request', method: 'GET', path: `/api/requests/${seeded.bigRequestId}/samples` },
    // The same routes on the small history and folder (the benchmark measures these too).
    { name: 'history contents (10)', method: 'GET', path: `/api/histories/${seeded.smallHistoryId}/contents` },
    { name: 'history contents (100 + 100 collections)', method: 'GET', path: `/api/histories/${seeded.mixedHistoryId}/contents` },
    { name: 'folder contents (10)', method: 'GET', path: `/api/folders/${seeded.smallFolderId}/contents` },
    // Pages, visualizations and a sharing status (issue 10).
    { name: 'pages index', method: 'GET', path: '/api/pages' },
    { name: 'page show', method: 'GET', path: `/api/pages/${seeded.pageId}` },
    { name: 'visualizations index', method: 'GET', path: '/api/visualizations' },
    { name: 'visualization show', method: 'GET', path: `/api/visualizations/${seeded.visualizationId}` },
    { name: 'history sharing status', method: 'GET', path: `/api/histories/${seeded.sharedHistoryId}/sharing` },
  ];
}

/** The benchmark's caller, then (not a benchmark target) the library's administrator: the paths that depend on who asks. */
const callers = (seeded: Seeded) => [
  { name: 'the regular user (the benchmark caller)', key: seeded.userKey },
  { name: 'the administrator (a check of the admin paths, not a benchmark target)', key: seeded.adminKey },
];

interface Answer {
  status: number;
  sql: string;
  bytes: number;
  json: unknown;
}

async function fetchTarget(baseUrl: string, key: string, target: Target): Promise<Answer> {
  const headers: Record<string, string> = { 'x-api-key': key };
  if (target.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${target.path}`, { method: target.method, headers, body: target.body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, sql: res.headers.get('x-sql-queries') ?? '?', bytes: Buffer.byteLength(text), json };
}

async function fetchAll(server: ServerProcess, key: string, targets: Target[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const target of targets) answers.push(await fetchTarget(server.baseUrl, key, target));
  return answers;
}

interface Difference {
  path: string;
  service: unknown;
  baseline: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first place where two parsed JSON values differ: a value, a length, or the keys (names or order) of an object. */
function firstDifference(service: unknown, baseline: unknown, path = '$'): Difference | null {
  if (Array.isArray(service) && Array.isArray(baseline)) {
    for (let i = 0; i < Math.max(service.length, baseline.length); i += 1) {
      if (i >= service.length || i >= baseline.length) return { path: `${path}.length`, service: service.length, baseline: baseline.length };
      const difference = firstDifference(service[i], baseline[i], `${path}[${i}]`);
      if (difference) return difference;
    }
    return null;
  }
  if (isObject(service) && isObject(baseline)) {
    const serviceKeys = Object.keys(service);
    const baselineKeys = Object.keys(baseline);
    if (serviceKeys.join('\u0000') !== baselineKeys.join('\u0000')) return { path: `${path} (keys)`, service: serviceKeys, baseline: baselineKeys };
    for (const key of serviceKeys) {
      const difference = firstDifference(service[key], baseline[key], `${path}.${key}`);
      if (difference) return difference;
    }
    return null;
  }
  return Object.is(service, baseline) ? null : { path, service, baseline };
}

const shortJson = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
};

/** Prints one line per target; returns whether every target is equal. */
function report(targets: Target[], service: Answer[], baseline: Answer[]): boolean {
  let allEqual = true;
  const width = Math.max(...targets.map((target) => target.name.length));
  for (let i = 0; i < targets.length; i += 1) {
    const [s, b] = [service[i], baseline[i]];
    const difference = s.status !== b.status ? { path: 'HTTP status', service: s.status, baseline: b.status } : firstDifference(s.json, b.json);
    const verdict = s.status === 200 && !difference ? 'equal' : 'DIFFERENT';
    if (verdict !== 'equal') allEqual = false;
    console.log(
      `${targets[i].name.padEnd(width)}  ${verdict.padEnd(9)}  service: ${s.sql.padStart(2)} SQL ${String(s.bytes).padStart(7)} bytes` +
        `   baseline: ${b.sql.padStart(2)} SQL ${String(b.bytes).padStart(7)} bytes`,
    );
    if (s.status !== 200) console.log(`    service answered ${s.status}: ${shortJson(s.json)}`);
    if (difference) console.log(`    first difference at ${difference.path}\n      service:  ${shortJson(difference.service)}\n      baseline: ${shortJson(difference.baseline)}`);
  }
  return allEqual;
}

/** Creates the database when missing and empties its schema (the service migrates an empty schema). */
async function resetDatabase(): Promise<void> {
  const admin = new Client({ connectionString: `${SERVER_URL}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    await db.query('drop schema public cascade; create schema public;');
  } finally {
    await db.end();
  }
}

const serviceEnv = (dataDir: string, databaseUrl: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  MASTER_API_KEY: MASTER_KEY,
  ADMIN_USERS: BENCH_ADMIN_EMAIL,
  LOG_LEVEL: 'silent',
  EXPOSE_QUERY_COUNT: 'true',
  ID_SECRET,
});

const baselineEnv = (extra: Record<string, string>): Record<string, string> => ({ ID_SECRET, ADMIN_USERS: BENCH_ADMIN_EMAIL, ...extra });

/** Both write their output to `<data dir>/<name>.log` (kept when a target differs). */
const startService = (dataDir: string, env: Record<string, string>) =>
  startServerProcess('service', 'src/main.ts', env, SERVICE_PORT, '/api/version', join(dataDir, 'service.log'));
const startBaseline = (dataDir: string, env: Record<string, string>) =>
  startServerProcess('baseline', 'bench/ratio/baseline/server.ts', env, BASELINE_PORT, '/api/version', join(dataDir, 'baseline.log'));

async function seed(service: ServerProcess): Promise<Seeded> {
  const started = Date.now();
  const seeded = await seedThroughApi(service.baseUrl, MASTER_KEY, items);
  console.log(`seeded ${items} items through the service in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return seeded;
}

/** Service and baseline side by side, on the PostgreSQL server or (VERIFY_EMBEDDED) on the embedded server of `dataDir`. */
async function verifyBoth(dataDir: string): Promise<boolean> {
  if (!reuse && !embedded) await resetDatabase();
  // Embedded: no DATABASE_URL; the service starts the embedded PostgreSQL of DATA_DIR and the baseline joins it.
  const databaseUrl = embedded ? '' : DATABASE_URL;
  const running: ServerProcess[] = [];
  try {
    const service = await startService(dataDir, serviceEnv(dataDir, databaseUrl));
    running.push(service);
    let seeded: Seeded;
    let seededItems = items;
    if (reuse) {
      ({ seeded, items: seededItems } = JSON.parse(readFileSync(SEEDED_FILE, 'utf8')) as { seeded: Seeded; items: number });
    } else {
      seeded = await seed(service);
      // The ids of the server's database, for a later VERIFY_REUSE run.
      if (!embedded) writeFileSync(SEEDED_FILE, JSON.stringify({ seeded, items }));
    }
    const baseline = await startBaseline(dataDir, baselineEnv({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }));
    running.push(baseline);
    const targets = targetsOf(seeded, seededItems);
    let equal = true;
    for (const caller of callers(seeded)) {
      const fromService = await fetchAll(service, caller.key, targets);
      const fromBaseline = await fetchAll(baseline, caller.key, targets);
      console.log(`\n${embedded ? 'embedded PostgreSQL (DATA_DIR)' : `PostgreSQL server (${DATABASE})`}, caller: ${caller.name}\n`);
      equal = report(targets, fromService, fromBaseline) && equal;
    }
    return equal;
  } finally {
    for (const server of running.reverse()) await server.stop();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ratio-verify-'));
  let equal = false;
  try {
    equal = await verifyBoth(dataDir);
  } finally {
    if (equal) rmSync(dataDir, { recursive: true, force: true });
    else console.log(`\nlogs and data kept in ${dataDir}`);
  }
  console.log(equal ? '\nall targets equal' : '\nSOME TARGETS DIFFER');
  process.exitCode = equal ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
