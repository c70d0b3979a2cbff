import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../src/db/database';
import { runImport } from '../src/importer/run-import';
import { SourceDatabase } from '../src/importer/source-database';
import { IMPORT_STEPS } from '../src/importer/steps';
import { createLogger } from '../src/logging/logger';
import { DataLayout } from '../src/storage/data-layout';

/**
 * Importing a generated 15.05 database (set-based seeding with generate_series): users with their
 * keys and private roles, histories, datasets and history datasets. Prints rows per second of each
 * step and of the whole import, and the importing process's memory (RSS) over the run.
 */

export interface ImportSize {
  users: number;
  histories: number;
  datasets: number;
}

export interface ImportFigures {
  steps: Array<{ name: string; rows: number; seconds: number; rowsPerSecond: number }>;
  totalRows: number;
  totalSeconds: number;
  rssStartMb: number;
  rssMaxMb: number;
  rssEndMb: number;
  /** The heap after a full collection, once a second over the run: what the import holds. */
  heapAfterGcMb: number[];
}

/** A full garbage collection, without --expose-gc on the command line. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const SCHEMA = join(__dirname, '../test/fixtures/galaxy-15.05/schema-migrated.sql');

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A 15.05 database of the given size, made with a few set-based statements. */
async function seedSource(url: string, size: ImportSize): Promise<void> {
  await onServer(url, readFileSync(SCHEMA, 'utf8'));
  const perHistory = Math.max(1, Math.floor(size.datasets / size.histories));
  await onServer(
    url,
    `set search_path = public;
     insert into galaxy_user (id, create_time, update_time, email, password, external, deleted, purged, username, disk_usage, active)
       select g, now(), now(), 'user' || g || '@example.org', 'a07af2093c8ce0e6c9bc44f9ddd4818917bf7d74', false, false, false, 'user' || g, 0, true from generate_series(1, ${size.users}) g;
     insert into api_keys (id, create_time, user_id, key) select g, now(), g, md5('key' || g) from generate_series(1, ${size.users}) g;
     insert into role (id, create_time, update_time, name, description, type, deleted) select g, now(), now(), 'user' || g || '@example.org', 'Private Role', 'private', false from generate_series(1, ${size.users}) g;
     insert into user_role_association (id, user_id, role_id, create_time, update_time) select g, g, g, now(), now() from generate_series(1, ${size.users}) g;
     insert into history (id, create_time, update_time, user_id, name, hid_counter, deleted, purged, importable, published, genome_build)
       select g, now(), now(), 1 + (g % ${size.users}), 'history ' || g, ${perHistory + 1}, false, false, false, false, '?' from generate_series(1, ${size.histories}) g;
     insert into dataset (id, create_time, update_time, state, deleted, purged, purgable, file_size, uuid)
       select g, now(), now(), 'ok', false, false, true, 100 + g % 1000, md5('dataset' || g) from generate_series(1, ${size.datasets}) g;
     insert into history_dataset_association (id, history_id, dataset_id, create_time, update_time, hid, name, info, blurb, peek, extension, metadata, visible, deleted, purged, state)
       select g, 1 + ((g - 1) / ${perHistory}) % ${size.histories}, g, now(), now(), 1 + (g - 1) % ${perHistory}, 'reads_' || g || '.fastq', '', '1 sequence', 'ACGT', 'fastqsanger', convert_to('{"sequences": 1}', 'UTF8'), true, false, false, null
       from generate_series(1, ${size.datasets}) g;
     analyze;`,
  );
}

export async function benchImportGalaxy(size: ImportSize): Promise<ImportFigures> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const sourceName = 'bench_import_source';
  const targetName = 'bench_import_target';
  for (const name of [sourceName, targetName]) {
    await onServer(base, `drop database if exists ${name} with (force)`);
    await onServer(base, `create database ${name}`);
  }
  process.stdout.write(`seeding a 15.05 database: ${size.users} users, ${size.histories} histories, ${size.datasets} datasets…\n`);
  await seedSource(databaseUrl(base, sourceName), size);

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const log = createLogger('warn');
  const target = await openDatabase({ databaseUrl: databaseUrl(base, targetName), dataDir, log, listen: false });
  const source = new SourceDatabase(databaseUrl(base, sourceName));
  await source.open();
  const steps: ImportFigures['steps'] = [];
  const rss = () => process.memoryUsage().rss / 1024 / 1024;
  const rssStartMb = rss();
  let rssMaxMb = rssStartMb;
  const sampler = setInterval(() => (rssMaxMb = Math.max(rssMaxMb, rss())), 200);
  const gc = collector();
  const heapAfterGcMb: number[] = [];
  const heapSampler = setInterval(() => {
    gc();
    heapAfterGcMb.push(Math.round(process.memoryUsage().heapUsed / 1024 / 1024));
  }, 1000);
  const started = Date.now();
  try {
    await runImport({
      source,
      sourceName: sourceName,
      knex: target.orm.em.getKnex(),
      store: new DataLayout(dataDir).objects,
      steps: IMPORT_STEPS,
      settings: { filePath: '/nonexistent/galaxy/files', copy: false, dryRun: false },
      display: {
        start: () => undefined,
        advance: () => undefined,
        finish: (name, summary) => {
          steps.push({ name, rows: summary.read, seconds: summary.seconds, rowsPerSecond: summary.seconds > 0 ? Math.round(summary.read / summary.seconds) : summary.read });
          process.stdout.write(`  ${name}: ${summary.read} rows in ${summary.seconds.toFixed(1)} s\n`);
        },
      },
      log,
      batchSize: 5000,
    });
  } finally {
    clearInterval(sampler);
    clearInterval(heapSampler);
    await source.close();
    await target.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const totalSeconds = (Date.now() - started) / 1000;
  const totalRows = steps.reduce((sum, step) => sum + step.rows, 0);
  return { steps, totalRows, totalSeconds, rssStartMb: Math.round(rssStartMb), rssMaxMb: Math.round(rssMaxMb), rssEndMb: Math.round(rss()), heapAfterGcMb };
}

export function printImportFigures(title: string, figures: ImportFigures): void {
  process.stdout.write(`\n${title}\n`);
  process.stdout.write(`${'step'.padEnd(40)} ${'rows'.padStart(10)} ${'seconds'.padStart(8)} ${'rows/s'.padStart(10)}\n`);
  for (const step of figures.steps) process.stdout.write(`${step.name.padEnd(40)} ${String(step.rows).padStart(10)} ${step.seconds.toFixed(1).padStart(8)} ${String(step.rowsPerSecond).padStart(10)}\n`);
  process.stdout.write(`${'total'.padEnd(40)} ${String(figures.totalRows).padStart(10)} ${figures.totalSeconds.toFixed(1).padStart(8)} ${String(Math.round(figures.totalRows / figures.totalSeconds)).padStart(10)}\n`);
  process.stdout.write(`RSS: ${figures.rssStartMb} MB at the start, at most ${figures.rssMaxMb} MB, ${figures.rssEndMb} MB at the end\n`);
  const heap = figures.heapAfterGcMb;
  if (heap.length >= 4) {
    const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
    const quarter = Math.floor(heap.length / 4);
    process.stdout.write(
      `heap after GC (once a second, ${heap.length} samples): first quarter ${mean(heap.slice(0, quarter))} MB, last quarter ${mean(heap.slice(-quarter))} MB, at most ${Math.max(...heap)} MB\n`,
    );
  }
}
