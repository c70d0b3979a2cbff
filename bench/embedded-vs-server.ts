/**
 * `npm run bench:embedded`: the embedded default database against a PostgreSQL server, in one run of the
 * same build. The service (`src/main.ts`, its own process, as `npm start` runs it) on:
 * (a) embedded: a fresh DATA_DIR and no DATABASE_URL, so it initialises and starts its own PostgreSQL;
 * (b) server: BENCH_SERVER_URL (default postgres://postgres@127.0.0.1:5432/bench_embedded; that database
 *     is dropped and created again: point it at one of its own).
 *
 * Measured, in this order:
 * 1. First start: the time from spawning the service on a fresh DATA_DIR (a: initdb included) or a new
 *    database (b: migrations included) until its banner, BENCH_FIRST_STARTS times each (default 3),
 *    alternating which goes first. The last of each stays up: the rest is measured on it.
 * 2. Memory, idle, BENCH_IDLE_SECONDS (default 30) after that start: RSS (VmRSS) and PSS (smaps_rollup:
 *    shared pages divided among the processes sharing them) of the service process and its children,
 *    and of the embedded PostgreSQL (the postmaster of DATA_DIR/postgres/postmaster.pid and its children,
 *    found by their ppid in /proc/<pid>/stat). The server's own processes are not counted in (b).
 * 3. Both seeded alike through the API (a user, a history of 10 datasets: one upload and 9 copies, as
 *    bench:ratio's history show), then GET /api/histories/{id} and GET /api/datasets/{id} with autocannon
 *    at 10 connections, BENCH_SECONDS (default 4) each, in BENCH_ROUNDS rounds (default 4) alternating
 *    which database goes first, after a warm-up of each. req/s: all requests over all seconds; p50 and
 *    p99: the median of the rounds' (each round's figures are printed too).
 * 4. Memory again right after the load (no GC forced: the service's part is whatever V8's heap has grown
 *    to; in a check with a forced GC it was 283-409 MB after the same load on either database).
 * 5. A restart of each, alone, on what it made (an initialised DATA_DIR, a migrated database), to the banner.
 *
 * WEB_CONCURRENCY is 1 on both (BENCH_WEB_CONCURRENCY to change it): the default is 1 process on the
 * embedded database but one per core with DATABASE_URL, and here only the database is to differ.
 */
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ApiClient, inParallel } from './ratio/api-client';
import { freePort } from './ratio/processes';

const ROOT = join(__dirname, '..');
const SERVER_URL = process.env.BENCH_SERVER_URL || 'postgres://postgres@127.0.0.1:5432/bench_embedded';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const FIRST_STARTS = Number(process.env.BENCH_FIRST_STARTS ?? 3);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const WEB_CONCURRENCY = process.env.BENCH_WEB_CONCURRENCY ?? '1';
const CONNECTIONS = 10;
const MASTER_KEY = 'bench-embedded-master-key-0123456789';
const ID_SECRET = 'bench-embedded-id-secret-0123456789';
/** The banner's first line (src/app/banner.ts). */
const BANNER = 'Platform API:';

type Side = 'embedded' | 'server';
const SIDES: Side[] = ['embedded', 'server'];

/** The service in a process of its own, its output to a log file, watched for the banner. */
class Service {
  private readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  readonly banner: Promise<number>;

  private constructor(
    readonly side: Side,
    readonly dataDir: string,
    readonly baseUrl: string,
    readonly startedAt: number,
    env: Record<string, string>,
    logFile: string,
  ) {
    const log = createWriteStream(logFile, { flags: 'a' });
    this.child = spawn(process.execPath, ['-r', '@swc-node/register', join(ROOT, 'src/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    let seen = '';
    let bannered = false;
    this.banner = new Promise((resolve, reject) => {
      this.child.stdout?.on('data', (chunk: Buffer) => {
        log.write(chunk);
        if (bannered) return;
        seen += chunk.toString('utf8');
        if (seen.includes(BANNER)) {
          bannered = true;
          resolve(performance.now());
        }
      });
      void this.exited.then((code) => reject(new Error(`${side}: the service exited (${code}) before its banner; see ${logFile}`)));
    });
    this.child.stderr?.on('data', (chunk: Buffer) => log.write(chunk));
    void this.exited.then(() => log.end());
  }

  /** Spawns the service and waits for its banner: answers it with the milliseconds from the spawn. */
  static async start(side: Side, dataDir: string): Promise<{ service: Service; ms: number }> {
    const port = await freePort();
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      PORT: String(port),
      DEPOT_PORT: String(await freePort()),
      MASTER_API_KEY: MASTER_KEY,
      ID_SECRET,
      ADMIN_USERS: 'bench-admin@example.org',
      // The operator's default: a log line per request (to the log file, as bench:ratio).
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY,
      EXPOSE_QUERY_COUNT: 'true',
      // (a) as a user gets it: no DATABASE_URL at all.
      DATABASE_URL: side === 'server' ? SERVER_URL : '',
    };
    const startedAt = performance.now();
    const service = new Service(side, dataDir, `http://127.0.0.1:${port}`, startedAt, env, join(dataDir, `service-${side}.log`));
    const bannerAt = await service.banner;
    return { service, ms: bannerAt - startedAt };
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const force = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    this.child.kill('SIGTERM');
    await this.exited;
    clearTimeout(force);
  }
}

/** Drops and creates the server's database (a first start there migrates an empty database). */
async function recreateServerDatabase(): Promise<void> {
  const url = new URL(SERVER_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_SERVER_URL: a plain database name, please (not ${name})`);
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

async function serverVersion(): Promise<string> {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0].v;
  } finally {
    await client.end();
  }
}

const freshDataDir = (side: Side) => mkdtempSync(join(tmpdir(), `bench-embedded-${side}-`));

/** A fresh DATA_DIR (and for the server, a new database), the service started on it and timed to its banner. */
async function firstStart(side: Side): Promise<{ service: Service; ms: number }> {
  if (side === 'server') await recreateServerDatabase();
  return Service.start(side, freshDataDir(side));
}

// ---- memory, from /proc ----

interface Memory {
  serviceRssMb: number;
  postgresRssMb: number;
  servicePssMb: number;
  postgresPssMb: number;
  postgresProcesses: number;
  serviceProcesses: number;
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (in parentheses) may hold spaces: the fields after its closing parenthesis are state, ppid, …
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** The pid and its descendants (by ppid, over every process in /proc). */
function processTree(root: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const parent = parentOf(Number(name));
    if (parent === null) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  const tree = new Set<number>();
  const visit = (pid: number) => {
    tree.add(pid);
    for (const child of children.get(pid) ?? []) if (!tree.has(child)) visit(child);
  };
  visit(root);
  return tree;
}

function kbOf(path: string, field: string): number {
  try {
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(path, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // gone meanwhile
  }
}

const mb = (kb: number) => Math.round(kb / 102.4) / 10;

/** The service's processes and (embedded) its PostgreSQL's: the postmaster of DATA_DIR/postgres/postmaster.pid and its children. */
function memoryOf(service: Service): Memory {
  let postgres = new Set<number>();
  if (service.side === 'embedded') {
    const postmaster = Number(readFileSync(join(service.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    postgres = processTree(postmaster);
  }
  const own = [...processTree(service.pid)].filter((pid) => !postgres.has(pid));
  const sum = (pids: Iterable<number>, file: string, field: string) => [...pids].reduce((total, pid) => total + kbOf(`/proc/${pid}/${file}`, field), 0);
  return {
    serviceRssMb: mb(sum(own, 'status', 'VmRSS')),
    postgresRssMb: mb(sum(postgres, 'status', 'VmRSS')),
    servicePssMb: mb(sum(own, 'smaps_rollup', 'Pss')),
    postgresPssMb: mb(sum(postgres, 'smaps_rollup', 'Pss')),
    postgresProcesses: postgres.size,
    serviceProcesses: own.length,
  };
}

// ---- seeding and load ----

interface Targets {
  key: string;
  paths: Array<{ label: string; path: string }>;
}

async function seed(baseUrl: string): Promise<Targets> {
  const master = new ApiClient(baseUrl, MASTER_KEY);
  const created = await master.post<{ id: string }>('/api/users', { username: 'bench-user', email: 'bench-user@example.org', password: 'bench-password' });
  const user = master.withKey(await master.post<string>(`/api/users/${created.id}/api_key`));
  const historyId = (await user.post<{ id: string }>('/api/histories', { name: 'small history' })).id;
  await inParallel(9, 3, (i) => user.post('/api/histories', { name: `history ${i + 2}` }));
  const table = Array.from({ length: 20 }, (_, i) => `chr${(i % 22) + 1}\t${i * 1000}\t${i * 1000 + 500}\tfeature_${i}`).join('\n') + '\n';
  const upload = await user.post<{ outputs: Array<{ id: string }>; jobs: Array<{ id: string }> }>('/api/tools', {
    tool_id: 'upload1',
    history_id: historyId,
    inputs: { 'files_0|url_paste': table, 'files_0|type': 'upload_dataset', file_type: 'tabular', dbkey: 'hg19', 'files_0|NAME': 'bench table' },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { state } = await user.get<{ state: string }>(`/api/jobs/${upload.jobs[0].id}`);
    if (state === 'ok') break;
    if (['error', 'deleted', 'paused'].includes(state) || Date.now() > deadline) throw new Error(`the seed's upload ended ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const datasetId = upload.outputs[0].id;
  await inParallel(9, 3, () => user.post(`/api/histories/${historyId}/contents`, { source: 'hda', content: datasetId }));
  return {
    key: user.key,
    paths: [
      { label: 'GET /api/histories/{id}', path: `/api/histories/${historyId}` },
      { label: 'GET /api/datasets/{id}', path: `/api/datasets/${datasetId}` },
    ],
  };
}

interface Load {
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50: number;
  p99: number;
}

async function load(baseUrl: string, path: string, key: string, seconds: number): Promise<Load> {
  const result = await autocannon({ url: `${baseUrl}${path}`, headers: { 'x-api-key': key }, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) throw new Error(`${baseUrl}${path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { requests: result.requests.total, seconds: result.duration, reqPerSec: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const cell = (value: string | number, width = 12) => String(value).padStart(width);
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '-');
const out = (line = '') => process.stdout.write(`${line}\n`);

// ---- the run ----

async function main(): Promise<void> {
  out(`bench:embedded: the service on (a) the embedded PostgreSQL of a fresh DATA_DIR, (b) ${SERVER_URL.replace(/\/\/[^@]*@/, '//…@')}`);
  out(`WEB_CONCURRENCY=${WEB_CONCURRENCY}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per target and database`);
  const running: Service[] = [];
  const dataDirs: string[] = [];
  try {
    // 1. First starts, alternating which side goes first; the last of each stays up for the rest.
    const firsts: Record<Side, number[]> = { embedded: [], server: [] };
    const services = {} as Record<Side, Service>;
    for (let i = 0; i < FIRST_STARTS; i += 1) {
      for (const side of i % 2 === 0 ? SIDES : [...SIDES].reverse()) {
        const { service, ms } = await firstStart(side);
        running.push(service);
        dataDirs.push(service.dataDir);
        firsts[side].push(ms);
        out(`  first start ${i + 1}, ${side}: ${(ms / 1000).toFixed(2)} s to the banner`);
        if (i === FIRST_STARTS - 1) services[side] = service;
        else {
          await service.stop();
          running.splice(running.indexOf(service), 1);
        }
      }
    }
    const version = await serverVersion();
    const embeddedVersion = readFileSync(join(services.embedded.dataDir, 'postgres', 'PG_VERSION'), 'utf8').trim();

    // 2. Memory, idle, IDLE_SECONDS after each start.
    const idle = {} as Record<Side, Memory>;
    for (const side of SIDES) {
      const wait = services[side].startedAt + IDLE_SECONDS * 1000 - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      idle[side] = memoryOf(services[side]);
    }
    out(`  memory sampled ${IDLE_SECONDS} s after the last first starts, idle`);

    // 3. Seed both alike, then the rounds.
    const targets = {} as Record<Side, Targets>;
    for (const side of SIDES) targets[side] = await seed(services[side].baseUrl);
    const labels = targets.embedded.paths.map((p) => p.label);
    for (const side of SIDES) for (const [i] of labels.entries()) await load(services[side].baseUrl, targets[side].paths[i].path, targets[side].key, 2);
    const loads: Record<Side, Load[][]> = { embedded: labels.map(() => []), server: labels.map(() => []) };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, label] of labels.entries()) {
        for (const side of (round + i) % 2 === 0 ? SIDES : [...SIDES].reverse()) {
          const reading = await load(services[side].baseUrl, targets[side].paths[i].path, targets[side].key, SECONDS);
          loads[side][i].push(reading);
          out(`  round ${round + 1}, ${label}, ${side}: ${reading.reqPerSec} req/s, p50 ${reading.p50} ms, p99 ${reading.p99} ms`);
        }
      }
    }
    // 4. Memory after the load.
    const loaded = {} as Record<Side, Memory>;
    for (const side of SIDES) loaded[side] = memoryOf(services[side]);

    // 5. Restarts, each alone.
    const restarts = {} as Record<Side, number>;
    for (const side of SIDES) {
      await services[side].stop();
      running.splice(running.indexOf(services[side]), 1);
    }
    for (const side of SIDES) {
      const { service, ms } = await Service.start(side, services[side].dataDir);
      running.push(service);
      restarts[side] = ms;
      out(`  restart, ${side}: ${(ms / 1000).toFixed(2)} s to the banner`);
      await service.stop();
      running.splice(running.indexOf(service), 1);
    }

    // The tables.
    const summary = (readings: Load[]) => ({
      reqPerSec: Math.round(readings.reduce((n, r) => n + r.requests, 0) / readings.reduce((n, r) => n + r.seconds, 0)),
      p50: median(readings.map((r) => r.p50)),
      p99: median(readings.map((r) => r.p99)),
    });
    out();
    out(`embedded PostgreSQL ${embeddedVersion} (npm binaries) against the PostgreSQL ${version} server; ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS} s`);
    out(`${'target'.padEnd(26)}${cell('emb req/s')}${cell('srv req/s')}${cell('req/s e/s', 10)}${cell('emb p50')}${cell('srv p50')}${cell('p50 e/s', 9)}${cell('emb p99')}${cell('srv p99')}${cell('p99 e/s', 9)}`);
    for (const [i, label] of labels.entries()) {
      const e = summary(loads.embedded[i]);
      const s = summary(loads.server[i]);
      out(
        `${label.padEnd(26)}${cell(e.reqPerSec)}${cell(s.reqPerSec)}${cell(ratio(e.reqPerSec, s.reqPerSec), 10)}` +
          `${cell(`${e.p50} ms`)}${cell(`${s.p50} ms`)}${cell(ratio(e.p50, s.p50), 9)}${cell(`${e.p99} ms`)}${cell(`${s.p99} ms`)}${cell(ratio(e.p99, s.p99), 9)}`,
      );
    }
    out();
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const memory = (m: Memory, field: 'Rss' | 'Pss') => {
      const service = m[`service${field}Mb`];
      const postgres = m[`postgres${field}Mb`];
      const serviceProcesses = m.serviceProcesses > 1 ? ` in ${m.serviceProcesses} processes` : '';
      return `${(service + postgres).toFixed(1)} MB (service ${service}${serviceProcesses}${m.postgresProcesses ? ` + postgres ${postgres} in ${m.postgresProcesses} processes` : ''})`;
    };
    const rows: Array<[string, string, string]> = [
      ['first start to the banner (median)', seconds(median(firsts.embedded)), seconds(median(firsts.server))],
      ['  each', firsts.embedded.map(seconds).join(', '), firsts.server.map(seconds).join(', ')],
      ['restart to the banner', seconds(restarts.embedded), seconds(restarts.server)],
      [`RSS, idle ${IDLE_SECONDS} s after start`, memory(idle.embedded, 'Rss'), memory(idle.server, 'Rss')],
      [`PSS, idle ${IDLE_SECONDS} s after start`, memory(idle.embedded, 'Pss'), memory(idle.server, 'Pss')],
      ['RSS right after the load (no GC)', memory(loaded.embedded, 'Rss'), memory(loaded.server, 'Rss')],
      ['PSS right after the load (no GC)', memory(loaded.embedded, 'Pss'), memory(loaded.server, 'Pss')],
    ];
    const width = Math.max(...rows.map((row) => row[1].length), 'embedded (a)'.length) + 2;
    out(`${''.padEnd(38)}${'embedded (a)'.padEnd(width)}server (b)`);
    for (const [label, a, b] of rows) out(`${label.padEnd(38)}${a.padEnd(width)}${b}`);
    out('(b) counts the service only: the server\'s own processes are shared with everything else it serves and not counted.');
    out('First start: (a) initdb + start of PostgreSQL + migrations; (b) migrations on a new database. RSS sums count shared pages (shared_buffers, libraries) once per process; PSS divides them.');
  } finally {
    for (const service of running) await service.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
