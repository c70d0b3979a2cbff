import 'reflect-metadata';
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { closeServer, type Platform, startPlatform } from '../src/app/platform';
import { loadConfig } from '../src/config/app-config';
import { createLogger } from '../src/logging/logger';

export const BENCH_MASTER_KEY = 'bench-master-key';
export const BENCH_ADMIN = 'bench-admin@example.org';

export interface Target {
  label: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
}

export interface Figures {
  label: string;
  rows: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  sqlPerRequest: number;
  /** Median latency of sequential requests (no queueing): the time one request costs. */
  sequentialP50: number;
}

export interface BenchPlatform {
  platform: Platform;
  baseUrl: string;
  /** One SQL statement on the platform's database (`?` parameters): bulk seeding beside the service. */
  sql<Row>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Encodes a database id as the API shows it. */
  encodeId(id: number): string;
  stop(): Promise<void>;
}

/**
 * A fresh platform for one round, in this process: a new DATA_DIR whose embedded PostgreSQL the platform
 * initialises and starts itself (the default, as a user gets it; stopped by `stop`), or a reset `bench`
 * database on a server (BENCH_DATABASE_URL); `env` adds to its environment.
 */
export async function startBenchPlatform(env: Record<string, string> = {}): Promise<BenchPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-bench-'));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) await resetServerDatabase(serverUrl);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: serverUrl,
    MASTER_API_KEY: BENCH_MASTER_KEY,
    ADMIN_USERS: BENCH_ADMIN,
    LOG_LEVEL: 'silent',
    EXPOSE_QUERY_COUNT: 'true',
    LOCAL_JOB_WORKERS: '0',
    ...env,
  });
  const platform = await startPlatform(config, createLogger('silent'));
  const server = platform.http.app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    platform,
    baseUrl: `http://127.0.0.1:${port}`,
    sql: <Row>(text: string, params: readonly unknown[] = []) => platform.services.db.orm.em.fork().execute<Row[]>(text, [...params]),
    encodeId: (id: number) => platform.services.ids.encode(id),
    async stop() {
      await closeServer(server);
      await platform.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function resetServerDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  await client.end();
}

/** SQL statements per request, from sequential requests (exact), then load figures from autocannon. */
export async function measure(bench: BenchPlatform, target: Target, key: string, rows: number): Promise<Figures> {
  // No key: anonymous callers (the depot's installers).
  const headers: Record<string, string> = key ? { 'x-api-key': key, 'content-type': 'application/json' } : { 'content-type': 'application/json' };
  const url = `${bench.baseUrl}${target.path}`;
  const samples = 11;
  let total = 0;
  const latencies: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    const res = await fetch(url, { method: target.method ?? 'GET', headers, body: target.body });
    if (res.status !== 200) throw new Error(`${target.label}: ${res.status} ${await res.text()}`);
    total += Number(res.headers.get('x-sql-queries'));
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  const sqlPerRequest = total / samples;
  const sequentialP50 = Math.round(latencies.sort((a, b) => a - b)[Math.floor(samples / 2)]);
  const result = await autocannon({ url, method: target.method ?? 'GET', headers, body: target.body, connections: 10, duration: Number(process.env.BENCH_SECONDS ?? 5) });
  return { label: target.label, rows, reqPerSec: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, sqlPerRequest, sequentialP50 };
}

export function printFigures(title: string, figures: Figures[]): void {
  const lines = [
    `\n${title}`,
    `${'target'.padEnd(44)} ${'rows'.padStart(6)} ${'1 conn p50'.padStart(10)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'SQL/req'.padStart(8)}   (req/s, p50, p99: 10 connections)`,
    ...figures.map(
      (f) =>
        `${f.label.padEnd(44)} ${String(f.rows).padStart(6)} ${String(f.sequentialP50).padStart(10)} ${String(f.reqPerSec).padStart(8)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(7)} ${f.sqlPerRequest.toFixed(1).padStart(8)}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
