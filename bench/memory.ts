import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from './ratio/api-client';
import { freePort } from './ratio/processes';
import { type Fixture, mixedRequest } from './memory/mixed-requests';
import { type MemorySample, ServerChild } from './memory/server-child';

/**
 * `npm run bench:memory`: does the service's memory level off under a long mixed load? Starts it
 * as its own process (with --expose-gc), sends BENCH_REQUESTS (default 100,000) mixed requests at
 * BENCH_CONCURRENCY (default 16) and, after every BENCH_SAMPLE_EVERY (default 10,000), lets the
 * in-flight ones finish, forces a GC in the child and records its heap and RSS.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SAMPLE_EVERY = Number(process.env.BENCH_SAMPLE_EVERY ?? 10_000);
const MASTER_KEY = 'bench-memory-master-key-0123456789';
/** BENCH_HEAP_SNAPSHOTS=1: heap snapshots after the first sample and at the end (compare with bench/memory/heap-diff.ts). */
const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS === '1';

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
  const child = new ServerChild(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      MASTER_API_KEY: MASTER_KEY,
      ADMIN_USERS: 'memory-admin@example.org',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      WEB_CONCURRENCY: '1',
      JOB_POLL_MS: '200',
    },
    logFile,
    SNAPSHOTS ? dataDir : null,
  );
  try {
    await child.waitUntilServing(`${baseUrl}/api/version`);
    const fixture = await seed(baseUrl);
    process.stdout.write(`service pid ${child.pid}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'}, ${REQUESTS} requests at ${CONCURRENCY} in flight, log ${logFile}\n`);
    process.stdout.write(`${['requests', 'RSS MB', 'heap MB', 'heapTot MB', 'extern MB', 'arrBuf MB', 'seconds'].map((h) => h.padStart(10)).join(' ')}\n`);
    const started = Date.now();
    const first = await child.sample();
    if (!first.gc) process.stdout.write('(no --expose-gc in the child: heap figures are before collection)\n');
    process.stdout.write(`${row(0, first, 0)}\n`);
    const samples: Array<{ done: number; sample: MemorySample }> = [{ done: 0, sample: first }];
    let next = 0;
    while (next < REQUESTS) {
      const end = Math.min(REQUESTS, next + SAMPLE_EVERY);
      const worker = async () => {
        while (next < end) {
          const i = next;
          next += 1;
          await mixedRequest(fixture, i);
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
    process.stdout.write(
      `heap after GC: ${afterWarmUp.heapUsedMb} MB after the first ${SAMPLE_EVERY}, ${mid.heapUsedMb} MB half way, ${last.heapUsedMb} MB at the end; ` +
        `RSS ${afterWarmUp.rssMb} -> ${mid.rssMb} -> ${last.rssMb} MB\n`,
    );
  } finally {
    await child.stop();
    if (!process.env.BENCH_KEEP && !SNAPSHOTS) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
