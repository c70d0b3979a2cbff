/**
 * `npm run bench:plans`: every listing and filter of the contract at scale, each request's SQL
 * statements (RECORD_SQL_FILE) replayed under EXPLAIN ANALYZE. Prints, per route, the statements, the
 * sequential scans of big tables, the scan that read the most rows and the times; then the
 * statements per request at 10 and at the full size, the job listing's p50 over the job table, and a
 * GraphQL history page deep in a big history against its first page. Exits 1 on a sequential scan of a
 * big table (except of a table the answer is all of) or when the statements per request grow.
 */
import 'reflect-metadata';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { RecordedStatement } from '../../src/db/sql/sql-recorder';
import { BENCH_ADMIN, type BenchPlatform, startBenchPlatform } from '../harness';
import { seedRole, seedUser } from '../seed/accounts';
import { SERVER_SESSION_SETTINGS } from '../../src/db/server-session';
import { answerIsLargeShare, BIG_TABLE_ROWS, explainRequest, LARGE_SHARE, type RequestPlans, tableSizes } from './explain';
import { type PlanRoute, planRoutes, type Who } from './routes';
import { type PlanSizes, seedPlans } from './seed';

interface Round {
  bench: BenchPlatform;
  db: Client;
  keys: Record<Who, string>;
  routes: PlanRoute[];
  recordFile: string;
  bigHistory: string;
  dayPath: string;
}

interface Sent {
  ms: number;
  statements: RecordedStatement[];
  body: string;
}

const DAY_MS = 24 * 3600 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function startRound(url: string, sizes: PlanSizes, recordDir: string): Promise<Round> {
  const recordFile = join(recordDir, `statements-${sizes.rows}.jsonl`);
  const bench = await startBenchPlatform({ RECORD_SQL_FILE: recordFile, JOB_POLL_MS: '3600000', LOG_LEVEL: 'silent' });
  const admin = await seedUser(bench, BENCH_ADMIN, 'bench-admin');
  const owner = await seedUser(bench, 'owner@example.org', 'owner');
  const member = await seedUser(bench, 'member@example.org', 'member');
  const held = await seedRole(bench, 'held', 'held by the member', [member]);
  const other = await seedRole(bench, 'other', 'not held');
  const keys: Record<Who, string> = { admin: admin.key, owner: owner.key, member: member.key };
  const db = new Client({ connectionString: url });
  await db.connect();
  // EXPLAIN in the sessions the service has (server-session.ts); BENCH_PLANS_SESSION='' for PostgreSQL's defaults.
  await db.query(process.env.BENCH_PLANS_SESSION ?? SERVER_SESSION_SETTINGS);
  const started = performance.now();
  const seeded = await seedPlans(db, { ownerId: owner.id, memberId: member.id }, sizes, held.id, other.id);
  process.stdout.write(`seeded ${sizes.rows} rows per listing, ${sizes.jobs} jobs in ${Math.round((performance.now() - started) / 1000)} s\n`);
  const now = Date.now();
  const ids = { encode: bench.encodeId };
  const day = isoDay(now - 500 * DAY_MS);
  const routes = planRoutes({
    bigHistory: ids.encode(seeded.bigHistoryId),
    library: ids.encode(seeded.libraryId),
    folder: `F${ids.encode(seeded.folderId)}`,
    datasets: seeded.someDatasetIds.map((id) => ids.encode(id)),
    day,
    weekStart: isoDay(now - 506 * DAY_MS),
  });
  return { bench, db, keys, routes, recordFile, bigHistory: ids.encode(seeded.bigHistoryId), dayPath: `/api/jobs?state=ok&date_range_min=${day}&date_range_max=${day}` };
}

const sizeOf = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

/** One request, and the statements it sent (what the recording file gained meanwhile, from the request's scope). */
async function send(round: Round, route: Pick<PlanRoute, 'path' | 'who' | 'method' | 'body' | 'label'>): Promise<Sent> {
  const from = sizeOf(round.recordFile);
  const started = performance.now();
  const res = await fetch(`${round.bench.baseUrl}${route.path}`, {
    method: route.method ?? 'GET',
    headers: { 'x-api-key': round.keys[route.who], 'content-type': 'application/json' },
    body: route.body,
  });
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${route.label}: ${res.status} ${body.slice(0, 300)}`);
  const added = readFileSync(round.recordFile).subarray(from).toString('utf8');
  const statements = added
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedStatement)
    .filter((statement) => statement.request);
  return { ms, statements, body };
}

async function stopRound(round: Round): Promise<void> {
  await round.db.end();
  await round.bench.stop();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** p50 of sequential requests (one connection), after one warm-up. */
async function p50(round: Round, route: Pick<PlanRoute, 'path' | 'who' | 'method' | 'body' | 'label'>, samples = 21): Promise<{ ms: number; bytes: number }> {
  const first = await send(round, route);
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) times.push((await send(round, route)).ms);
  return { ms: median(times), bytes: first.body.length };
}

function pad(text: string | number, width: number, left = false): string {
  const s = String(text);
  return left ? s.padEnd(width) : s.padStart(width);
}

function describeWorst(plans: RequestPlans): string {
  const w = plans.worst;
  if (!w) return '-';
  return `${w.node} ${w.table}${w.index ? ` (${w.index})` : ''} ${w.read}`;
}

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('bench:plans needs BENCH_DATABASE_URL (a PostgreSQL server database of its own; its public schema is dropped)');
  const rows = Number(process.env.BENCH_PLANS_ROWS ?? 100_000);
  const jobs = Number(process.env.BENCH_PLANS_JOBS ?? rows * 10);
  const recordDir = mkdtempSync(join(tmpdir(), 'plans-bench-'));
  let failed = false;
  try {
    // Statements per request at 10 rows per listing.
    // 3,000 jobs: three a day, so that the filtered job listings are not empty at this size either.
    const small = await startRound(url, { rows: 10, jobs: 3000 }, recordDir);
    const smallCounts = new Map<string, { count: number; empty: boolean }>();
    try {
      for (const route of small.routes) {
        await send(small, route); // warm: the key check and the caches
        const sent = await send(small, route);
        smallCounts.set(route.label, { count: sent.statements.length, empty: sent.body.trim() === '[]' });
      }
    } finally {
      await stopRound(small);
    }
    const round = await startRound(url, { rows, jobs }, recordDir);
    try {
      const sizes = await tableSizes(round.db);
      process.stdout.write(
        `\nplans of every listing at ${rows} rows (${jobs} jobs), PostgreSQL server; a big table has more than ${BIG_TABLE_ROWS} rows; "read": rows the scan read (returned + filtered out)\n`,
      );
      process.stdout.write(
        `${pad('route', 46, true)} ${pad('SQL@10', 6)} ${pad(`SQL@${rows}`, 10)} ${pad('seq scans', 9)} ${pad('request ms', 10)} ${pad('exec ms', 8)} ${pad('plan ms', 7)} ${pad('JIT ms', 6)}  worst scan\n`,
      );
      const offenders: string[] = [];
      const notes: string[] = [];
      for (const route of round.routes) {
        await send(round, route);
        const sent = await send(round, route);
        const plans = await explainRequest(round.db, sent.statements, sizes);
        const allowed = new Set(route.wholeTable ?? []);
        const known = route.known?.table;
        const failing = plans.bigSeqScans.filter((scan) => !allowed.has(scan.table) && scan.table !== known && !answerIsLargeShare(scan, sizes));
        if (route.known && plans.bigSeqScans.some((scan) => scan.table === known)) notes.push(`${route.label}: ${route.known.reason}`);
        const small = smallCounts.get(route.label) ?? { count: NaN, empty: false };
        // An empty answer may skip the statements that read its items' parts: compare non-empty answers.
        const grew = !small.empty && sent.statements.length > small.count;
        const smallCount = `${small.count}${small.empty ? '?' : ''}`;
        if (failing.length > 0 || grew) failed = true;
        const seq = plans.bigSeqScans.map((scan) => `${scan.table}${allowed.has(scan.table) ? '*' : scan.table === known ? '#' : answerIsLargeShare(scan, sizes) ? '~' : ''}`);
        if (failing.length > 0) offenders.push(`${route.label}: ${failing.map((s) => `Seq Scan ${s.table} (${s.read} rows read)`).join(', ')}\n    ${plans.offenders.join('\n    ')}`);
        process.stdout.write(
          `${pad(route.label, 46, true)} ${pad(smallCount, 6)} ${pad(sent.statements.length, 10)}${grew ? '!' : ' '}${pad(seq.length ? seq.join(',') : '0', 9)} ${pad(Math.round(sent.ms), 10)} ${pad(plans.executionMs.toFixed(1), 8)} ${pad(plans.planningMs.toFixed(1), 7)} ${pad(plans.jitMs.toFixed(0), 6)}  ${describeWorst(plans)}\n`,
        );
      }
      process.stdout.write(`(* a table the answer is all of: its sequential scan reads the answer; # a known scan (below); ~ the statement's answer is at least ${LARGE_SHARE * 100}% of the table's rows; ! statements grew with the size; ? empty answer at 10)\n`);
      if (notes.length > 0) process.stdout.write(`# known: ${notes.join('\n  ')}\n`);
      if (offenders.length > 0) process.stdout.write(`\nsequential scans of big tables:\n  ${offenders.join('\n  ')}\n`);

      const jobsLabel = `GET /api/jobs (admin) state=ok, one day, over ${jobs} jobs`;
      const jobsP50 = await p50(round, { label: jobsLabel, path: round.dayPath, who: 'admin' });
      const detailsP50 = await p50(round, { label: jobsLabel, path: `${round.dayPath}&user_details=true`, who: 'admin' });
      process.stdout.write(`\n${jobsLabel}: p50 ${jobsP50.ms.toFixed(1)} ms (${jobsP50.bytes} bytes); with user_details ${detailsP50.ms.toFixed(1)} ms (one connection, 21 requests)\n`);

      const page = (after: string | null) =>
        JSON.stringify({
          query: `query ($id: ID!, $after: String) { historyItemsPage(historyId: $id, first: 100, after: $after) { edges { cursor node { ... on HistoryContent { id hid name state } } } pageInfo { hasNextPage endCursor } } }`,
          variables: { id: round.bigHistory, after },
        });
      const deepHid = Math.floor(rows * 0.9);
      // The cursor the item of that hid carries (history-items-page.ts: hid and kind, base64url).
      const deepCursor = Buffer.from(`${deepHid}:0`).toString('base64url');
      const firstPage = await p50(round, { label: 'first page', path: '/graphql', method: 'POST', body: page(null), who: 'owner' });
      const deepPage = await p50(round, { label: 'deep page', path: '/graphql', method: 'POST', body: page(deepCursor), who: 'owner' });
      const ratio = deepPage.ms / firstPage.ms;
      process.stdout.write(
        `GraphQL historyItemsPage(first: 100) of a history of ${rows}: first page p50 ${firstPage.ms.toFixed(1)} ms, after hid ${deepHid} p50 ${deepPage.ms.toFixed(1)} ms (x${ratio.toFixed(2)}; within 2x: ${ratio <= 2 ? 'yes' : 'NO'})\n`,
      );
      if (ratio > 2) failed = true;
    } finally {
      await stopRound(round);
    }
  } finally {
    rmSync(recordDir, { recursive: true, force: true });
  }
  if (failed) {
    process.stdout.write('\nFAILED: a sequential scan of a big table, statements that grow with the size, or a deep page over 2x the first\n');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
