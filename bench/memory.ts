import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openEmbeddedServer } from '../src/db/embedded-server';
import { createLogger } from '../src/logging/logger';
import { ApiClient } from './ratio/api-client';
import { type BigListings, readBigListing, seedBigListings } from './memory/big-listings';
import { freePort } from './ratio/processes';
import { type Fixture, mixedRequest } from './memory/mixed-requests';
import { type MemorySample, ServerChild } from './memory/server-child';

/**
 * `npm run bench:memory`: does the service's memory level off under a long mixed load? Starts it
 * as its own process (with --expose-gc), sends BENCH_REQUESTS (default 100,000) mixed requests at
 * BENCH_CONCURRENCY (default 16) and, after every BENCH_SAMPLE_EVERY (default 10,000), lets the
 * in-flight ones finish, forces a GC in the child and records its heap and RSS. The database is the
 * embedded PostgreSQL of a fresh DATA_DIR (the runner starts it, for its seeding SQL; the service joins
 * it as the default does), or BENCH_DATABASE_URL (a server database, whose schema is reset). Every
 * BENCH_BIG_EVERY-th request (default 1,000) is one of the big listings of BENCH_BIG_ITEMS (default
 * 100,000) rows instead (bench/memory/big-listings.ts).
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SAMPLE_EVERY = Number(process.env.BENCH_SAMPLE_EVERY ?? 10_000);
const MASTER_KEY = 'bench-memory-master-key-0123456789';
/** BENCH_HEAP_SNAPSHOTS=1: heap snapshots after the first sample and at the end (compare with bench/memory/heap-diff.ts). */
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS === '1';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? '';
/** The big listings' rows; 0 leaves them out. */
const BIG_ITEMS = Number(process.env.BENCH_BIG_ITEMS ?? 100_000);
const BIG_EVERY = Number(process.env.BENCH_BIG_EVERY ?? 1000);
const ID_SECRET = 'bench-memory-id-secret-0123456789';

async function resetSchema(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS depot CASCADE;');
  } finally {
    await client.end();
  }
}

async function seed(baseUrl: string): Promise<Fixture> {
  const master = new ApiClient(baseUrl, MASTER_KEY);
  const newUser = async (name: string) => {
    const user = await master.post<{ id: string }>('/api/users', { username: name, email: `${name}@example.org`, password: `${name}-password` });
    return master.post<string>(`/api/users/${user.id}/api_key`);
  };
  const userKey = await newUser('memory-user');
  const otherKey = await newUser('memory-other');
  const user = master.withKey(userKey);
  const historyId = (await user.post<{ id: string }>('/api/histories', { name: 'memory bench' })).id;
  const datasetIds: string[] = [];
  let jobId = '';
  for (let i = 0; i < 10; i += 1) {
    const upload = await user.post<{ outputs: Array<{ id: string }>; jobs: Array<{ id: string }> }>('/api/tools', {
      tool_id: 'upload1',
      history_id: historyId,
      inputs: { 'files_0|url_paste': `chr1\t${i}\t${i + 10}\n`, 'files_0|type': 'upload_dataset', file_type: 'tabular' },
    });
    datasetIds.push(upload.outputs[0].id);
    jobId = upload.jobs[0].id;
  }
  return { baseUrl, userKey, otherKey, historyId, datasetIds, jobId };
}

function row(done: number, sample: MemorySample, seconds: number): string {
  const cells = [done, sample.rssMb, sample.heapUsedMb, sample.heapTotalMb, sample.externalMb, sample.arrayBuffersMb, seconds.toFixed(0)];
  return cells.map((cell) => String(cell).padStart(10)).join(' ');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = join(dataDir, 'service.log');
  if (DATABASE_URL) await resetSchema(DATABASE_URL);
  // Without a server: the embedded PostgreSQL of DATA_DIR, held by this process until the end (the service joins it).
  const embedded = DATABASE_URL ? null : await openEmbeddedServer(dataDir, createLogger('warn'));
  const sqlUrl = embedded ? embedded.url() : DATABASE_URL;
  const child = new ServerChild(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL,
      MASTER_API_KEY: MASTER_KEY,
      ID_SECRET,
      ADMIN_USERS: 'memory-admin@example.org',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      WEB_CONCURRENCY: '1',
      JOB_POLL_MS: '200',
      EXPOSE_QUERY_COUNT: 'true',
    },
    logFile,
    SNAPSHOTS ? dataDir : null,
  );
  try {
    await child.waitUntilServing(`${baseUrl}/api/version`);
    const fixture = await seed(baseUrl);
    let big: BigListings | null = null;
    if (BIG_ITEMS > 0) {
      const seeding = Date.now();
      big = await seedBigListings(new ApiClient(baseUrl, MASTER_KEY), sqlUrl, ID_SECRET, BIG_ITEMS);
      process.stdout.write(`seeded the big listings (${BIG_ITEMS} rows each) by SQL in ${((Date.now() - seeding) / 1000).toFixed(0)} s; every ${BIG_EVERY}th request is one of:\n`);
      for (const [n, path] of big.paths.entries()) {
        const read = await readBigListing(baseUrl, big, n);
        process.stdout.write(`  GET ${path}: ${(read.bytes / 1024 / 1024).toFixed(1)} MB, ${read.ms.toFixed(0)} ms, ${read.statements} SQL statements\n`);
      }
    }
    process.stdout.write(`service pid ${child.pid}, ${DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL'}, ${REQUESTS} requests at ${CONCURRENCY} in flight, log ${logFile}\n`);
    process.stdout.write(`${['requests', 'RSS MB', 'heap MB', 'heapTot MB', 'extern MB', 'arrBuf MB', 'seconds'].map((h) => h.padStart(10)).join(' ')}\n`);
    const started = Date.now();
    const first = await child.sample();
    if (!first.gc) process.stdout.write('(no --expose-gc in the child: heap figures are before collection)\n');
    process.stdout.write(`${row(0, first, 0)}\n`);
    const samples: Array<{ done: number; sample: MemorySample }> = [{ done: 0, sample: first }];
    let next = 0;
    let bigRead = 0;
    let bigFailed = 0;
    const request = (i: number): Promise<unknown> => {
      if (!big || i % BIG_EVERY !== BIG_EVERY - 1) return mixedRequest(fixture, i);
      const listing = Math.floor(i / BIG_EVERY);
      return readBigListing(baseUrl, big, listing).then(
        () => (bigRead += 1),
        (error: unknown) => {
          bigFailed += 1;
          process.stdout.write(`big listing failed: ${error instanceof Error ? error.message : String(error)}\n`);
        },
      );
    };
    while (next < REQUESTS) {
      const end = Math.min(REQUESTS, next + SAMPLE_EVERY);
      const worker = async () => {
        while (next < end) {
          const i = next;
          next += 1;
          await request(i);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const sample = await child.sample();
      samples.push({ done: end, sample });
      process.stdout.write(`${row(end, sample, (Date.now() - started) / 1000)}\n`);
      if (SNAPSHOTS && (samples.length === 2 || end >= REQUESTS)) process.stdout.write(`heap snapshot after ${end}: ${await child.heapSnapshot()}\n`);
    }
    // Levels off: the second half's growth against the first half's.
    const mid = samples[Math.floor(samples.length / 2)]?.sample ?? first;
    const last = samples[samples.length - 1]?.sample ?? first;
    const afterWarmUp = samples[1]?.sample ?? first;
    if (big) process.stdout.write(`big listings read: ${bigRead} (${bigFailed} failed)\n`);
    process.stdout.write(
      `heap after GC: ${afterWarmUp.heapUsedMb} MB after the first ${SAMPLE_EVERY}, ${mid.heapUsedMb} MB half way, ${last.heapUsedMb} MB at the end; ` +
        `RSS ${afterWarmUp.rssMb} -> ${mid.rssMb} -> ${last.rssMb} MB\n`,
    );
    const secondHalf = samples.slice(Math.floor(samples.length / 2)).map((entry) => entry.sample.heapUsedMb);
    process.stdout.write(
      `second half: heap after GC between ${Math.min(...secondHalf)} and ${Math.max(...secondHalf)} MB, ${(last.heapUsedMb - mid.heapUsedMb).toFixed(1)} MB from half way to the end ` +
        `(first half: ${(mid.heapUsedMb - afterWarmUp.heapUsedMb).toFixed(1)} MB from the first sample to half way)\n`,
    );
  } finally {
    await child.stop();
    await embedded?.release();
    if (!process.env.BENCH_KEEP && !SNAPSHOTS) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
