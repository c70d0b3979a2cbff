/**
 * `npm run bench:stream`: GET /api/histories/{id}/contents of big histories (10,000 and 100,000
 * datasets by default, BENCH_STREAM_SIZES), the service against the plain express + pg baseline
 * streaming the same JSON through a cursor (bench/ratio/baseline/history-contents.ts), on a
 * PostgreSQL server only (BENCH_DATABASE_URL, whose schema is reset). The histories are seeded by
 * set-based SQL (copies of one uploaded dataset), so 100,000 items take seconds, not hours of API
 * calls. Prints bench:ratio's table (req/s at 1 and 10 connections, p50/p99, SQL statements, whether
 * the answers are the same bytes), the p50 on one connection, and the service's RSS growth while it
 * answers the biggest listing (sampled every 5 ms from /proc).
 *
 * BENCH_SECONDS (5): each measurement; BENCH_CONNECTIONS (1,10).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ApiClient } from '../ratio/api-client';
import { read, type Reading } from '../ratio/measure';
import { printRows, type Row } from '../ratio/print-rows';
import { freePort, type ServerProcess, startServerProcess } from '../ratio/processes';
import type { Target } from '../ratio/targets';
import { IdCodec } from '../../src/ids/id-codec';
import { HISTORY_OF_COPIES, userWithOneUpload } from './seed-history';

const MASTER_KEY = 'stream-master-key';
const ID_SECRET = 'stream-bench-secret-0123456789ab';

const settings = {
  url: process.env.BENCH_DATABASE_URL,
  sizes: (process.env.BENCH_STREAM_SIZES ?? '10000,100000').split(',').map(Number),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  connections: (process.env.BENCH_CONNECTIONS ?? '1,10').split(',').map(Number),
};

async function sql<T>(statement: string, params: unknown[]): Promise<T[]> {
  const client = new Client({ connectionString: settings.url });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The process's resident memory in bytes. */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** RSS growth (peak over the level before) while one request of the target is answered; and the answer's size. */
async function rssGrowth(server: ServerProcess, target: Target, key: string): Promise<{ before: number; peak: number; bytes: number }> {
  const before = rssOf(server.pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 5);
  try {
    const res = await fetch(`${server.baseUrl}${target.path}`, { headers: { 'x-api-key': key } });
    let bytes = 0;
    for await (const chunk of res.body ?? []) bytes += (chunk as Uint8Array).length;
    return { before, peak: Math.max(peak, rssOf(server.pid)), bytes };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  if (!settings.url) throw new Error('bench:stream needs BENCH_DATABASE_URL (a PostgreSQL server; its schema is reset)');
  await sql('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS depot CASCADE;', []);
  const dataDir = mkdtempSync(join(tmpdir(), 'stream-bench-'));
  const running: ServerProcess[] = [];
  try {
    const env = { DATA_DIR: dataDir, ID_SECRET, MASTER_API_KEY: MASTER_KEY, LOG_LEVEL: 'info', EXPOSE_QUERY_COUNT: 'true', WEB_CONCURRENCY: '1', DATABASE_URL: settings.url };
    const service = await startServerProcess('service', 'src/main.ts', env, await freePort(), '/api/version', join(dataDir, 'service.log'));
    running.push(service);
    const master = new ApiClient(service.baseUrl, MASTER_KEY);
    const { user, sourceHda } = await userWithOneUpload(master, 'stream-user', 'stream-user@example.org', ID_SECRET);
    const codec = new IdCodec(ID_SECRET);
    const targets: Target[] = [];
    for (const size of settings.sizes) {
      const started = Date.now();
      const [row] = await sql<{ history_id: number }>(HISTORY_OF_COPIES, [size, `${size} datasets`, sourceHda]);
      await sql('analyze history_dataset_association; analyze dataset', []);
      process.stdout.write(`seeded a history of ${size} datasets by SQL in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      const path = `/api/histories/${codec.encode(row.history_id)}/contents`;
      targets.push({ label: `GET /api/histories/{id}/contents (${size})`, rows: size, method: 'GET', path, floor: 0.8, p99Rule: false });
    }
    const baseline = await startServerProcess('baseline', 'bench/ratio/baseline/server.ts', { ID_SECRET, DATA_DIR: dataDir, DATABASE_URL: settings.url }, await freePort(), '/', join(dataDir, 'baseline.log'));
    running.push(baseline);
    const rows: Row[] = [];
    for (const target of targets) {
      const base: Reading = await read(baseline.baseUrl, target, user.key, settings.connections, settings.seconds);
      const svc: Reading = await read(service.baseUrl, target, user.key, settings.connections, settings.seconds);
      rows.push({ target, service: svc, baseline: base });
    }
    printRows('history contents, streamed: service / plain express + pg + pg-cursor, PostgreSQL server, one service process', rows, settings.connections);
    for (const { target, service: svc, baseline: base } of rows) {
      process.stdout.write(`${target.label}: p50 on one connection ${svc.loads[0].p50} ms (baseline ${base.loads[0].p50} ms), ${mb(svc.bytes)} an answer\n`);
    }
    const biggest = targets[targets.length - 1];
    for (const server of [service, baseline]) {
      const growth = await rssGrowth(server, biggest, user.key);
      process.stdout.write(`${server.name} RSS while answering ${biggest.label} (${mb(growth.bytes)}): ${mb(growth.before)} before, peak ${mb(growth.peak)}, growth ${mb(growth.peak - growth.before)}\n`);
    }
  } finally {
    for (const server of running) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
