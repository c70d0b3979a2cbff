import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Client } from 'pg';
import * as tar from 'tar';
import { countRows, isMigrationsTable, listTables, type SqlQuery, tableKey } from '../../src/db/embedded-server/pglite-carry-over/carry-over-catalog';
import type { FixtureExpectation } from '../fixtures/pglite-data-dir/fixture-expectation';

/** The carry-over tests: the fixture's DATA_DIR, scratch databases on the test server, the CLI run as an operator runs it. */

export const ROOT = join(__dirname, '../..');
const FIXTURE_DIR = join(ROOT, 'test/fixtures/pglite-data-dir');

export interface ExtractedFixture {
  dataDir: string;
  pgdata: string;
  expected: FixtureExpectation;
  remove(): void;
}

/** The fixture's DATA_DIR unpacked into a directory of its own, with what it holds (expected.json). */
export async function extractFixture(): Promise<ExtractedFixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'carry-over-fixture-'));
  await tar.x({ file: join(FIXTURE_DIR, 'data-dir.tar.gz'), cwd: dataDir });
  const expected = JSON.parse(readFileSync(join(FIXTURE_DIR, 'expected.json'), 'utf8')) as FixtureExpectation;
  return { dataDir, pgdata: join(dataDir, 'pgdata'), expected, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

export interface ScratchDatabase {
  url: string;
  query: SqlQuery;
  drop(): Promise<void>;
}

/** A new, empty database `carry_over_<pid>_<name>` on the server of TEST_DATABASE_URL (dropped first if a former run left it). */
export async function scratchDatabase(name: string): Promise<ScratchDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the carry-over tests need TEST_DATABASE_URL');
  const database = `carry_over_${process.pid}_${name}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const onServer = async (text: string) => {
    const client = new Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    async drop() {
      await client.end();
      await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}

export interface NodeRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript script of the project in a process of its own (PGlite cannot load inside jest). */
export function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<NodeRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', script, ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `npm run admin -- carry-over-pglite --from <pgdata> --to <url>`, as an operator runs it (on a DATA_DIR of its own). */
export async function carryOver(from: string, to: string): Promise<NodeRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'carry-over-admin-'));
  try {
    return await runScript('src/cli/admin.ts', ['carry-over-pglite', '--from', from, '--to', to], { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The table digests of a PGlite directory (read from a copy, see test/support/pglite-digests.ts). */
export async function pgliteDigests(pgdata: string): Promise<Record<string, string>> {
  const run = await runScript('test/support/pglite-digests.ts', [pgdata]);
  if (run.code !== 0) throw new Error(`digests of ${pgdata}: ${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, string>;
}

/** Rolls back the latest platform and depot migrations of a PGlite directory in place; answers their names. */
export async function rollBackLatestMigrations(pgdata: string): Promise<string[]> {
  const run = await runScript('test/support/pglite-roll-back.ts', [pgdata]);
  if (run.code !== 0) throw new Error(`rolling back ${pgdata}: ${run.stderr}`);
  return run.stdout.split('\n').filter((line) => line.length > 0);
}

/** sha256 over every file of a directory: its path and its bytes, in path order. */
export function directoryHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (path: string): void => {
    for (const name of readdirSync(path).sort()) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else hash.update(`${relative(dir, child)}\0`).update(readFileSync(child));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** Rows per table of the carried schemas, the migrations' bookkeeping aside. */
export async function rowsPerTable(query: SqlQuery): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of (await listTables(query)).filter((table) => !isMigrationsTable(table))) counts[tableKey(table)] = await countRows(query, table);
  return counts;
}

/** The fixture's rows per table, the migrations' bookkeeping aside (a table a later migration adds holds none). */
export function expectedRows(expected: FixtureExpectation, tables: string[]): Record<string, number> {
  return Object.fromEntries(tables.map((table) => [table, expected.rows[table] ?? 0]));
}

/** The tables of the carried schemas present in a database, sorted. */
export async function tablesOf(query: SqlQuery): Promise<string[]> {
  const rows = await query<{ key: string }>(
    "SELECT schemaname || '.' || tablename AS key FROM pg_tables WHERE schemaname IN ('public', 'depot') ORDER BY 1",
  );
  return rows.map((row) => row.key);
}
